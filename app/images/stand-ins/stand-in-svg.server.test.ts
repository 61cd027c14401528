import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { STAND_IN_KINDS, type StandInKind } from "#app/images/stand-in-kinds.ts";
import { standInSvg } from "./stand-in-svg.server.ts";

const WIDTH = 1600;
const HEIGHT = 1200;
const draw = (kind: StandInKind, seed: string, extra: { transparent?: boolean; tone?: "light" | "dark" } = {}) =>
  standInSvg(kind, { seed, width: WIDTH, height: HEIGHT, label: "Institute of Contemporary Visionary Art", ...extra });
const count = (svg: string, part: string) => svg.split(`data-part="${part}"`).length - 1;

describe.each(STAND_IN_KINDS)("the %s stand-in", (kind) => {
  it("is an SVG sharp renders as a 1600 px picture with something drawn in it", async () => {
    const svg = draw(kind, `test/${kind}`);
    expect(svg.startsWith(`<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"`)).toBe(true);
    const { data, info } = await sharp(Buffer.from(svg))
      .flatten({ background: "#0e0d0c" })
      .jpeg()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([WIDTH, HEIGHT]);
    // Not one flat colour: the picture has shapes in it.
    const { channels } = await sharp(data).stats();
    expect(Math.max(...channels.map((channel) => channel.stdev))).toBeGreaterThan(12);
  });

  it("draws the same picture from the same seed and another from another seed", () => {
    expect(draw(kind, "about/one")).toBe(draw(kind, "about/one"));
    expect(draw(kind, "about/one")).not.toBe(draw(kind, "about/two"));
  });
});

describe("what each kind shows", () => {
  it("hangs one to four framed works in a room with two to six visitors", () => {
    for (const seed of [
      "solo-london/documentation-01",
      "solo-london/documentation-02",
      "miami/feature",
      "a",
      "b",
      "c",
    ]) {
      const svg = draw("installation", seed);
      expect(count(svg, "work")).toBeGreaterThanOrEqual(1);
      expect(count(svg, "work")).toBeLessThanOrEqual(4);
      expect(count(svg, "visitor")).toBeGreaterThanOrEqual(2);
      expect(count(svg, "visitor")).toBeLessThanOrEqual(6);
    }
  });

  it("keeps the works' gradient ids apart, so each hung work shows its own colours", () => {
    const svg = draw("installation", "about/slide-secrets-long-wall");
    const ids = [...svg.matchAll(/ id="([^"]+)"/g)].map((match) => match[1]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("darkens a room with the dark tone", async () => {
    const mean = async (svg: string) => (await sharp(Buffer.from(svg)).stats()).channels[0]?.mean ?? 0;
    const seed = "miami/feature";
    expect(await mean(draw("installation", seed, { tone: "dark" }))).toBeLessThan(
      (await mean(draw("installation", seed))) / 2,
    );
  });

  it("furnishes the studio with a window, pinned proofs, a table and tools", () => {
    const svg = draw("studio", "about/slide-studio-bench");
    expect(count(svg, "window")).toBe(1);
    expect(count(svg, "proof")).toBeGreaterThanOrEqual(2);
    expect(count(svg, "table")).toBe(1);
    expect(count(svg, "tool")).toBe(1);
  });

  it("shows a portrait as one silhouette, no face drawn", () => {
    const svg = draw("portrait", "contact/portrait");
    expect(count(svg, "figure")).toBe(1);
    expect(svg).not.toContain("<text");
  });

  it("spells the logo's name as a wordmark: its initials and the full name", () => {
    const svg = draw("logo", "partnership/icva-logo", { transparent: true });
    expect(count(svg, "wordmark")).toBe(1);
    expect(svg).toContain(">ICVA</text>");
    expect(svg).toContain("CONTEMPORARY");
    expect(svg).toContain('font-family="serif"');
  });

  it("escapes a logo label's markup characters", () => {
    const svg = standInSvg("logo", { seed: "x", width: 400, height: 400, label: 'Arts & Letters <"Guild">' });
    expect(svg).toContain("&#38;");
    expect(svg).not.toContain('<"Guild">');
  });

  it("renders the logo's letters on a clear ground when transparent", async () => {
    const { data, info } = await sharp(Buffer.from(draw("logo", "partnership/icva-logo", { transparent: true })))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const alphaAt = (x: number, y: number) => data[(y * info.width + x) * info.channels + 3];
    expect(alphaAt(2, 2)).toBe(0);
    // The fonts render: a good share of the pixels where the initials stand are inked.
    let inked = 0;
    for (let x = 0; x < info.width; x += 2) for (let y = 400; y < 720; y += 2) if ((alphaAt(x, y) ?? 0) > 128) inked++;
    expect(inked).toBeGreaterThan(4000);
  });

  it("lays paper on a surface for objects and shows forest and river for the land", () => {
    expect(count(draw("object", "peru/diaries"), "sheet")).toBeGreaterThanOrEqual(1);
    const land = draw("landscape", "peru/feature");
    expect(count(land, "treeline")).toBe(2);
    expect(count(land, "river")).toBe(1);
  });

  it("lays out what an object image's arrangement names, whatever its seed picks", () => {
    const seeds = ["about/signed-print", "peru/diaries", "auction/catalogue", "miami/sketches"];
    const object = (seed: string, arrangement: "book" | "print" | "notebooks") =>
      standInSvg("object", { seed, width: WIDTH, height: HEIGHT, arrangement });
    // A print lies beside its certificate: two sheets; a book or a stack is one.
    for (const seed of seeds) {
      expect(count(object(seed, "print"), "sheet"), seed).toBe(2);
      expect(count(object(seed, "book"), "sheet"), seed).toBe(1);
      expect(object(seed, "book"), seed).not.toBe(object(seed, "notebooks"));
    }
  });
});
