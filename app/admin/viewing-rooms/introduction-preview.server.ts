import { Marked } from "marked";
import { type SafeHtml, sanitizeContentHtml } from "#app/security/content-html.server.ts";

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] ?? char,
  );

// A room's introduction is Markdown without raw HTML: a tag typed there is shown as text.
const markdown = new Marked({
  async: false,
  gfm: true,
  renderer: {
    html({ text }) {
      return escapeHtml(text);
    },
  },
});

/** The introduction as the room shows it: Markdown, raw HTML escaped, then the content sanitiser. */
export function renderIntroduction(source: string): SafeHtml {
  return sanitizeContentHtml(markdown.parse(source, { async: false }));
}
