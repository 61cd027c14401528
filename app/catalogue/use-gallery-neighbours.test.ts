import { describe, expect, it } from "vitest";
import { neighboursQuery } from "./use-gallery-neighbours.ts";

describe("neighboursQuery", () => {
  it("keeps the view's filters and sort, drops its paging, and names the work", () => {
    expect(neighboursQuery("moss-oracle", "?series=Maestro&sort=oldest&per=50&page=2")).toBe(
      "series=Maestro&sort=oldest&slug=moss-oracle",
    );
  });

  it("drops defaults, empty values and names the API does not take", () => {
    expect(neighboursQuery("moss-oracle", "?sort=newest&chain=&utm_source=mail&q=%20")).toBe("slug=moss-oracle");
  });

  it("encodes search words", () => {
    expect(neighboursQuery("the-new-god", "?q=new%20god&chain=Solana")).toBe("q=new+god&chain=Solana&slug=the-new-god");
  });
});
