import { describe, expect, it } from "vitest";
import { processContentStore } from "#app/content/content-store.server.ts";
import type { Exhibition } from "./exhibition.ts";
import { downloadSizes } from "./exhibition-pages.server.ts";

const findExhibition = (slug: string | undefined) => processContentStore().findExhibition(slug);

describe("findExhibition", () => {
  it("finds a page by its slug from virtual:content/exhibition-pages, and nothing for an unknown one", () => {
    expect(findExhibition("art-basel-miami-2023")?.heading).toBe("Art Basel Miami 2023: Artist Residency");
    expect(findExhibition("no-such-exhibition")).toBeUndefined();
    expect(findExhibition(undefined)).toBeUndefined();
  });
});

describe("downloadSizes", () => {
  it("states the real size of files under public/ and leaves out files that do not exist", () => {
    const exhibition = {
      ...findExhibition("icva-partnership-2025")!,
      blocks: [
        {
          type: "downloads",
          heading: "Files",
          files: [
            { label: "Recording", href: "/audio/peru-residency-field-recording.m4a" },
            { label: "Missing", href: "/files/not-there.pdf" },
          ],
        },
      ],
    } satisfies Exhibition;
    expect(downloadSizes(exhibition)).toEqual({ "/audio/peru-residency-field-recording.m4a": "157 KB" });
  });
});
