import { Marked, type Tokens } from "marked";
import { publicOrigin } from "#app/config/public-origin.server.ts";
import { siteSettings } from "#app/content/site-settings.server.ts";
import { derivedWidth, fallbackFormat, imageUrl } from "#app/images/image-catalog.ts";
import { imageInfo } from "#app/images/image-info.server.ts";
import { type SafeHtml, sanitizeContentHtml } from "#app/security/content-html.server.ts";

/** How a mailing names one of the site's images: `![alt](image:collection/name)`, as the picker writes it. */
export const IMAGE_PREFIX = "image:";
/** The mail's column: wide enough for a picture, narrow enough for every mail client. */
const COLUMN_PX = 600;

/** What the reader gets: both parts of one message, and the same words for the web version. */
export interface RenderedMailing {
  html: string;
  text: string;
}

/** A site image's absolute address at the mail's width, or undefined for a name the site does not have. */
export function siteImageAddress(reference: string): string | undefined {
  const [collection, name] = reference.slice(IMAGE_PREFIX.length).split("/");
  if (!collection || !name) return undefined;
  try {
    const image = imageInfo(collection, name);
    return `${publicOrigin()}${imageUrl(image, derivedWidth(image, COLUMN_PX * 2), fallbackFormat(image))}`;
  } catch {
    return undefined;
  }
}

/** A link as the reader's mail client needs it: this site's paths made absolute. */
function absolute(href: string): string {
  return href.startsWith("/") && !href.startsWith("//") ? `${publicOrigin()}${href}` : href;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] ?? char,
  );

// Markdown without raw HTML (a tag typed is shown as text), the site's images by name, links absolute.
const markdown = new Marked({
  async: false,
  gfm: true,
  renderer: {
    html({ text }) {
      return escapeHtml(text);
    },
    image({ href, text }: Tokens.Image) {
      const source = href.startsWith(IMAGE_PREFIX) ? siteImageAddress(href) : absolute(href);
      if (!source) return `<p>[${escapeHtml(text || "an image the site no longer has")}]</p>`;
      return `<img src="${escapeHtml(source)}" alt="${escapeHtml(text)}" width="${COLUMN_PX}">`;
    },
    link({ href, text }: Tokens.Link) {
      return `<a href="${escapeHtml(absolute(href))}">${escapeHtml(text)}</a>`;
    },
  },
});

/** The body's HTML, sanitised as every piece of content is (decision 029): for the mail and the web version. */
export function mailingBodyHtml(body: string): SafeHtml {
  return sanitizeContentHtml(markdown.parse(body, { async: false }));
}

/** The plain-text part: the Markdown as written, with images named and links spelled out. */
export function mailingBodyText(body: string): string {
  return body
    .replace(/!\[([^\]]*)\]\(([^)\s]*)\)/g, (_, alt: string) => `[Image${alt ? `: ${alt}` : ""}]`)
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_, text: string, href: string) => `${text} (${absolute(href)})`)
    .trim();
}

/** A mailing rendered once for all its copies: only the reader's own way-out link differs. */
export interface MailingTemplate {
  forReader(manageAddress: string): RenderedMailing;
}

/**
 * The whole message: the studio's words in a plain column, then why the reader gets it and the
 * way out. No tracking pixel, no remote script; the only images are the studio's own. The
 * Markdown is rendered and sanitised once here, not once per copy (10,000 copies of a mailing).
 */
export function mailingTemplate(
  mailing: { subject: string; body: string; webSlug: string },
  topics: readonly string[],
): MailingTemplate {
  const brand = siteSettings().brand;
  const web = `${publicOrigin()}/mailings/${mailing.webSlug}`;
  const why = `You receive this because you subscribed to ${topics.join(", ") || "news from the studio"} on ${publicOrigin().replace(/^https?:\/\//, "")}.`;
  const styledBody = mailingBodyHtml(mailing.body).replace(
    /<img /g,
    '<img style="max-width:100%;height:auto;display:block;margin:16px 0" ',
  );
  const htmlBefore = [
    "<!doctype html>",
    `<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(mailing.subject)}</title></head>`,
    '<body style="margin:0;padding:24px 12px;background:#f4f1ea;color:#1d1a16">',
    `<div style="max-width:${COLUMN_PX}px;margin:0 auto;font-family:Georgia,'Times New Roman',serif;font-size:17px;line-height:1.55">`,
    `<p style="font-family:Helvetica,Arial,sans-serif;font-size:12px;letter-spacing:.12em;text-transform:uppercase;color:#7a6f60">${escapeHtml(brand)}</p>`,
    `<h1 style="font-weight:normal;font-size:28px;line-height:1.2">${escapeHtml(mailing.subject)}</h1>`,
    styledBody,
    '<hr style="border:0;border-top:1px solid #d8d0c2;margin:32px 0 16px">',
    `<p style="font-family:Helvetica,Arial,sans-serif;font-size:13px;color:#5d5446">${escapeHtml(why)}<br>`,
  ].join("\n");
  const htmlAfter = [
    `<a href="${escapeHtml(web)}" style="color:#5d5446">Read it on the web</a></p>`,
    "</div></body></html>",
  ].join("\n");
  const textBefore = [mailing.subject, "", mailingBodyText(mailing.body), "", "--", why].join("\n");
  return {
    forReader: (manageAddress) => ({
      html: `${htmlBefore}\n<a href="${escapeHtml(manageAddress)}" style="color:#5d5446">Change your topics or unsubscribe</a> · \n${htmlAfter}`,
      text: `${textBefore}\nChange your topics or unsubscribe: ${manageAddress}\nRead it on the web: ${web}`,
    }),
  };
}

/** One message: `manageAddress` is the reader's own page to change topics or leave (a test has a stand-in). */
export function renderMailing(
  mailing: { subject: string; body: string; webSlug: string },
  topics: readonly string[],
  manageAddress: string,
): RenderedMailing {
  return mailingTemplate(mailing, topics).forReader(manageAddress);
}
