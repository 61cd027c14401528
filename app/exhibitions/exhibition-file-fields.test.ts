import { describe, expect, it } from "vitest";
import { exhibitionBlockSchema } from "./exhibition-blocks.ts";

// Decision 048: a downloads file's href and an audio block's src take uploaded /files/u/ addresses
// as well as files under public/, and never another origin or a script.
const block = exhibitionBlockSchema({ catalogue: [], images: {} });
const downloads = (href: string) =>
  block.safeParse({ type: "downloads", heading: "Downloads", files: [{ label: "Catalogue", href }] });
const audio = (src: string) =>
  block.safeParse({ type: "audio", heading: "Listen", caption: "A recording", src, mime: "audio/mpeg" });

const UPLOADED = "/files/u/0123456789abcdef/exhibition-catalogue.pdf";
const HOSTILE = [
  "javascript:alert(1)//.pdf",
  "data:application/pdf;base64,JVBERi0.pdf",
  "https://evil.example/catalogue.pdf",
  "//evil.example/catalogue.pdf",
  "/\\evil.example/catalogue.pdf",
  "/files/u/x/a b.pdf",
  "files/catalogue.pdf",
];

describe("exhibition file fields", () => {
  it("take an uploaded address and a file under public/", () => {
    expect(downloads(UPLOADED).success).toBe(true);
    expect(downloads("/files/umbra-secrets-catalogue-full.pdf").success).toBe(true);
    expect(audio("/files/u/0123456789abcdef/listen.mp3").success).toBe(true);
    expect(audio("/audio/peru-residency-field-recording.m4a").success).toBe(true);
  });

  it.each(HOSTILE)("refuse %s, saying it must be a site path", (address) => {
    for (const result of [downloads(address), audio(address)]) {
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toMatch(/must be a site path/);
    }
  });
});
