import { describe, expect, it } from "vitest";
import { inlineStylesheets } from "./inline-stylesheets.ts";

const files: Record<string, string> = {
  "/assets/root-a1.css": "body{margin:0}",
  "/assets/page-b2.css": ".title{color:red}",
};
const read = (href: string) => files[href];

describe("inlineStylesheets", () => {
  it("puts each stylesheet's text in place and disables its link, keeping the order", () => {
    const html =
      '<head><link rel="stylesheet" href="/assets/root-a1.css"/><link rel="stylesheet" href="/assets/page-b2.css"/></head>';
    expect(inlineStylesheets(html, read)).toBe(
      "<head><style>body{margin:0}</style>" +
        '<link rel="stylesheet" href="/assets/root-a1.css" disabled=""/>' +
        "<style>.title{color:red}</style>" +
        '<link rel="stylesheet" href="/assets/page-b2.css" disabled=""/></head>',
    );
  });

  it("leaves a link alone when the file is unknown or could close the <style> early", () => {
    const missing = '<link rel="stylesheet" href="/assets/gone.css"/>';
    expect(inlineStylesheets(missing, read)).toBe(missing);
    const hostile = '<link rel="stylesheet" href="/assets/evil.css"/>';
    expect(inlineStylesheets(hostile, () => "a{}</style><script>x()</script>")).toBe(hostile);
  });

  it("does not touch stylesheets from elsewhere", () => {
    const external = '<link rel="stylesheet" href="https://cdn.example/x.css"/>';
    expect(inlineStylesheets(external, () => "a{}")).toBe(external);
  });
});
