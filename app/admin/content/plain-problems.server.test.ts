import { describe, expect, it } from "vitest";
import { namingDocuments } from "./plain-problems.server.ts";

describe("a refused publish's problem names another document as the studio knows it", () => {
  it("names an item by its kind and name, a page by its label, and keeps the rest of the line", () => {
    expect(namingDocuments("database/exhibitions/solo-london.yaml: works: there is no work brass-mouse")).toBe(
      "Exhibition “solo-london”: works: there is no work brass-mouse",
    );
    expect(namingDocuments("pages/about.yaml: heading: Required")).toBe("Page “About”: heading: Required");
  });

  it("keeps a line that names no document, or a file the site does not have", () => {
    expect(namingDocuments("heading: Required")).toBe("heading: Required");
    expect(namingDocuments("notes/todo.md: something")).toBe("notes/todo.md: something");
  });
});
