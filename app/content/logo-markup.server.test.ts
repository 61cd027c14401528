import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { inlineSvg, LOGO_ID_PREFIX, logoMarkup, MAX_INLINE_LOGO_BYTES } from "./logo-markup.server.ts";

describe("logoMarkup", () => {
  it("draws the site's own small SVG logo in the page, decorative, its ids marked per copy", () => {
    const markup = logoMarkup("/logo.svg");
    expect(markup).toMatch(/^<svg [^>]*aria-hidden="true" focusable="false">/);
    expect(markup).not.toContain('role="img"');
    expect(markup).toContain(`id="${LOGO_ID_PREFIX}g"`);
    expect(markup).toContain(`url(#${LOGO_ID_PREFIX}g)`);
    expect(markup).toContain(">UMBRA</text>");
  });

  it("leaves any other logo an image: another site's, another format, a path out of public/", () => {
    for (const src of [
      "https://cdn.example/logo.svg",
      "/logo.png",
      "/../package.json",
      "/img/x/logo.svg",
      "/missing.svg",
    ]) {
      expect(logoMarkup(src), src).toBeUndefined();
    }
  });

  it("keeps a large logo an image", () => {
    expect(fs.statSync("public/logo.svg").size).toBeLessThanOrEqual(MAX_INLINE_LOGO_BYTES);
    const big = `<svg xmlns="http://www.w3.org/2000/svg">${"<path d='M0 0h1'/>".repeat(200)}</svg>`;
    expect(big.length).toBeGreaterThan(MAX_INLINE_LOGO_BYTES);
    // inlineSvg itself has no size limit; readInlineSvg applies it before calling it.
    expect(inlineSvg(big)).toBeDefined();
  });

  it("never inlines a file that could run or fetch anything", () => {
    for (const svg of [
      "<svg><script>alert(1)</script></svg>",
      '<svg onload="alert(1)"></svg>',
      "<svg><foreignObject><div/></foreignObject></svg>",
      '<svg><a href="javascript:alert(1)"><text>x</text></a></svg>',
      '<svg><image href="https://tracker.example/x.png"/></svg>',
      '<!DOCTYPE svg [<!ENTITY x "y">]><svg>&x;</svg>',
      "<p>not an svg</p>",
    ]) {
      expect(inlineSvg(svg), svg).toBeUndefined();
    }
    expect(inlineSvg('<?xml version="1.0"?>\n<svg><use href="#a"/></svg>')).toBe(
      `<svg aria-hidden="true" focusable="false"><use href="#${LOGO_ID_PREFIX}a"/></svg>`,
    );
  });
});
