import { describe, expect, it } from "vitest";
import { isSafeHref } from "./safe-href.ts";

describe("isSafeHref", () => {
  it("allows http(s), mailto and addresses on this site", () => {
    for (const href of [
      "https://magiceden.io/item",
      "http://example.org",
      "mailto:studio@umbra.example",
      "/art/moss-oracle",
      "#notes",
      "?series=Secrets",
      "moss-oracle",
    ]) {
      expect(isSafeHref(href), href).toBe(true);
    }
  });

  it("refuses script and data schemes however they are written, and other hosts without a scheme", () => {
    for (const href of [
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      " javascript:alert(1)",
      "java\tscript:alert(1)",
      "java\nscript:alert(1)",
      "\u0001javascript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:msgbox(1)",
      "//evil.example/",
      "\\\\evil.example/",
      "/\\evil.example/",
    ]) {
      expect(isSafeHref(href), JSON.stringify(href)).toBe(false);
    }
  });
});
