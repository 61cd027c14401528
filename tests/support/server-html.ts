import { Window } from "happy-dom";

/**
 * A server-rendered page's document, parsed without a browser, for tests that read many pages'
 * words or links and none of their behaviour: a Chromium page load costs far more CPU than a
 * parse, and these pages' words and links are all in the answer (issue 38).
 */
export function readServerHtml<T>(html: string, read: (document: Document) => T): T {
  const window = new Window();
  try {
    const document = new window.DOMParser().parseFromString(html, "text/html") as unknown as Document;
    return read(document);
  } finally {
    void window.happyDOM.close();
  }
}

/** The title and the body's text, without scripts, styles, templates and hidden elements. */
export function wordsOf(html: string): string {
  return readServerHtml(html, (document) => {
    for (const element of document.querySelectorAll("script, style, template, [hidden]")) element.remove();
    return `${document.title}\n${document.body.textContent}`;
  });
}

/** Every link's href, as written. */
export function hrefsOf(html: string): string[] {
  return readServerHtml(html, (document) =>
    [...document.querySelectorAll("a[href]")].map((link) => link.getAttribute("href") ?? ""),
  );
}
