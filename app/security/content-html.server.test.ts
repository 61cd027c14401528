import { marked } from "marked";
import { describe, expect, it } from "vitest";
import { contentHtmlRemovals, sanitizeContentHtml } from "./content-html.server.ts";

const hostile = [
  "<p>Moss <script>window.__injected=1;document.title='pwned'</script>grows.</p>",
  '<img src=x onerror="window.__injected=2">',
  '<a href="javascript:window.__injected=3">a link</a>',
  '<a href="JaVa&#x09;ScRiPt:alert(1)">entity</a>',
  '<a href="//evil.example/">another host</a>',
  '<iframe src="https://evil.example"></iframe><style>body{display:none}</style>',
  '<form action="https://evil.example"><input name="p"></form>',
  '<svg><script>alert(1)</script></svg><math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<p style="position:fixed" class="evil" id="main" onclick="alert(1)">styled</p>',
  '<img src="data:image/svg+xml;base64,PHN2Zz4=" alt="data">',
].join("\n");

describe("sanitizeContentHtml", () => {
  it("keeps what Markdown writes", () => {
    const markdown = [
      "## A heading",
      "",
      'Some *emphasis*, **strong** text and [a link](https://example.org "Example") and [a page](/art/moss).',
      "",
      "- one",
      "- two",
      "",
      "1. first",
      "",
      "> quoted",
      "",
      "```js",
      "code()",
      "```",
      "",
      "Mail [the studio](mailto:studio@umbra.example). ![A moth](/img/moth.jpg)",
    ].join("\n");
    const html = marked.parse(markdown, { async: false });
    // The same markup; only void tags are written `<img ... />`.
    expect(sanitizeContentHtml(html).replaceAll(" />", ">")).toBe(html);
    expect(contentHtmlRemovals(html)).toEqual([]);
  });

  it("leaves nothing that runs: no script, no event handler, no javascript: or other-host link", () => {
    const safe = sanitizeContentHtml(hostile);
    expect(safe).not.toMatch(/<script|<iframe|<style|<form|<input|<svg|<math/i);
    expect(safe).not.toMatch(/\son[a-z]+\s*=/i);
    expect(safe).not.toMatch(/javascript|data:|evil\.example|style=|class=|id=/i);
    // The prose is kept; a script's code is not.
    expect(safe).toContain("<p>Moss grows.</p>");
    expect(safe).toContain("<a>a link</a>");
    expect(safe).toContain("<p>styled</p>");
    expect(safe).not.toContain("pwned");
  });

  it("names what it would remove, for the content checks", () => {
    expect(contentHtmlRemovals(hostile)).toEqual(
      expect.arrayContaining([
        "<script>",
        "onerror on <img>",
        'href="javascript:window.__injected=3"',
        'href="//evil.example/"',
        "<iframe>",
        "<style>",
        "<form>",
        "style on <p>",
        "onclick on <p>",
        'src="data:image/svg+xml;base64,PHN2Zz4="',
      ]),
    );
  });
});
