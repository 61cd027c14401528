import { describe, expect, it } from "vitest";
import { namesHtmlFile, pageOfPageFile } from "./page-file-paths.ts";

describe("the build's page files", () => {
  it("knows the page a page file stands for", () => {
    expect(pageOfPageFile("/about/index.html")).toBe("/about");
    expect(pageOfPageFile("/art/the-source/index.html")).toBe("/art/the-source");
    expect(pageOfPageFile("/index.html")).toBe("");
    expect(pageOfPageFile("/about")).toBeUndefined();
    expect(pageOfPageFile("/about.data")).toBeUndefined();
  });

  it("sees an HTML file however its path is written, as a static file server would read it", () => {
    for (const pathname of [
      "/about/index.html",
      "/index.html",
      "/about/index%2Ehtml",
      "/about/index%2ehtml",
      "/about/x/../index.html",
      "/about//index.html",
      "/about/./index.html",
      "/about/INDEX.HTML",
      "/about/index.html/",
      "/about/index.htm",
    ]) {
      expect(namesHtmlFile(pathname), pathname).toBe(true);
    }
    for (const pathname of ["/about", "/about.data", "/files/umbra-secrets-catalogue-full.pdf", "/%E0%A4%A", "/"]) {
      expect(namesHtmlFile(pathname), pathname).toBe(false);
    }
  });
});
