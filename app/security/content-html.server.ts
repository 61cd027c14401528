import sanitizeHtml from "sanitize-html";
import { isSafeHref, SAFE_LINK_SCHEMES } from "./safe-href.ts";

/**
 * The one sanitiser for content HTML (decision 029): every piece of content that becomes HTML
 * (an article's or interview's Markdown today, what the editor saves once content lives in the
 * database) passes through it on the way out, and the content checks use `contentHtmlRemovals`
 * to refuse on the way in what it would remove. It keeps what Markdown writes and a few inline
 * tags; it removes scripts, styles, frames, forms, event handlers (`onerror`), and any link or
 * image address that is not http(s), mailto or on this site.
 */

/** Text that went through sanitizeContentHtml: the only HTML a page may set as markup. */
export type SafeHtml = string & { readonly __safeHtml: true };

const TAGS = [
  ...["p", "br", "hr", "h2", "h3", "h4", "h5", "h6", "blockquote", "ul", "ol", "li", "pre", "code"],
  ...["em", "strong", "i", "b", "s", "del", "sup", "sub", "small", "abbr", "cite", "q", "mark", "span"],
  ...["a", "img", "figure", "figcaption", "table", "thead", "tbody", "tr", "th", "td"],
];
const ATTRIBUTES: Record<string, string[]> = {
  a: ["href", "title"],
  img: ["src", "alt", "title", "width", "height"],
  abbr: ["title"],
  ol: ["start"],
  th: ["align", "colspan", "rowspan"],
  td: ["align", "colspan", "rowspan"],
  code: ["class"],
};
/** Attributes that hold an address, checked with isSafeHref. */
const ADDRESS_ATTRIBUTES = new Set(["href", "src"]);

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: TAGS,
  allowedAttributes: ATTRIBUTES,
  // Markdown's fenced code names its language this way; no other class is kept.
  allowedClasses: { code: ["language-*"] },
  allowedSchemes: [...SAFE_LINK_SCHEMES],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowedSchemesAppliedToAttributes: [...ADDRESS_ATTRIBUTES],
  allowProtocolRelative: false,
  // Removed with their text: what they hold is code or a form, never prose.
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "template", "iframe", "object", "xmp"],
  disallowedTagsMode: "discard",
  // Ours as well as sanitize-html's scheme check: the same rule as every other content link.
  transformTags: {
    "*": (tagName, attribs) => ({ tagName, attribs: withSafeAddresses(attribs) }),
  },
};

function withSafeAddresses(attribs: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  const kept: sanitizeHtml.Attributes = {};
  for (const [name, value] of Object.entries(attribs)) {
    if (!ADDRESS_ATTRIBUTES.has(name) || isSafeHref(value)) kept[name] = value;
  }
  return kept;
}

export function sanitizeContentHtml(html: string): SafeHtml {
  return sanitizeHtml(html, OPTIONS) as SafeHtml;
}

/**
 * What sanitizeContentHtml would remove from `html`, described for a content author:
 * `<script>`, `onerror on <img>`, `href="javascript:…"`. Empty when it would keep everything.
 */
export function contentHtmlRemovals(html: string): string[] {
  const removed = new Set<string>();
  sanitizeHtml(html, {
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: true,
    transformTags: {
      "*": (tagName, attribs) => {
        if (!TAGS.includes(tagName)) removed.add(`<${tagName}>`);
        for (const [name, value] of Object.entries(attribs)) {
          const allowed = ATTRIBUTES[tagName]?.includes(name);
          if (!allowed) removed.add(`${name} on <${tagName}>`);
          else if (ADDRESS_ATTRIBUTES.has(name) && !isSafeHref(value)) removed.add(`${name}="${short(value)}"`);
          else if (tagName === "img" && name === "src" && /^mailto:/i.test(value)) removed.add(`src="${short(value)}"`);
          else if (name === "class" && !/^language-[\w-]+$/.test(value)) removed.add(`class on <${tagName}>`);
        }
        return { tagName, attribs };
      },
    },
  });
  return [...removed];
}

function short(value: string): string {
  return value.length > 40 ? `${value.slice(0, 40)}…` : value;
}
