import { describe, expect, it } from "vitest";
import { secretsWorks } from "./secrets-works";

describe("secretsWorks", () => {
  it("finds all twelve Secrets works in the catalogue, slugs as lowercase hyphenated titles", () => {
    const works = secretsWorks();
    expect(works).toHaveLength(12);
    expect(works.map((w) => w.slug)).toContain("the-magicians-chest");
    expect(works.map((w) => w.slug)).toContain("its-all-in-your-head");
    for (const work of works) expect(work.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });
});
