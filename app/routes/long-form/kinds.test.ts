import { describe, expect, it } from "vitest";
import { longFormKindOf } from "./kinds.ts";

describe("longFormKindOf", () => {
  it("reads the kind from a page's URL and from its data request", () => {
    expect(longFormKindOf("http://localhost/articles")).toBe("articles");
    expect(longFormKindOf("http://localhost/articles.data")).toBe("articles");
    expect(longFormKindOf("http://localhost/interviews/a-talk")).toBe("interviews");
    expect(longFormKindOf("http://localhost/interviews/a-talk.data")).toBe("interviews");
  });

  it("refuses a URL of no long-form kind", () => {
    expect(() => longFormKindOf("http://localhost/art/a-work")).toThrow(/Not a long-form URL/);
  });
});
