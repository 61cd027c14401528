import { describe, expect, it } from "vitest";
import { authorName } from "./author-name.ts";

describe("authorName", () => {
  it("names the first start and a terminal import in words, and a studio member by email", () => {
    expect(authorName("first start")).toBe("the site's setup");
    expect(authorName("import from content/")).toBe("an import from a terminal");
    expect(authorName("curator@umbra.test")).toBe("curator@umbra.test");
  });
});
