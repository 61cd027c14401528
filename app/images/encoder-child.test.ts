import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { encodeInChild } from "./encoder-child.ts";

const svg =
  '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30"><rect width="40" height="30" fill="#a33"/></svg>';

describe("the encoder process", () => {
  it("encodes a recipe in a child process and hands back the body", async () => {
    const [jpeg, webp] = await Promise.all([
      encodeInChild({ input: { svg }, format: "jpeg", options: { quality: 80 }, flatten: "#0e0d0c" }),
      encodeInChild({ input: { svg }, format: "webp", options: { quality: 74 } }),
    ]);
    expect(await sharp(jpeg).metadata()).toMatchObject({ format: "jpeg", width: 40, height: 30 });
    expect(await sharp(webp).metadata()).toMatchObject({ format: "webp", width: 40, height: 30 });
  });

  it("rejects with libvips' message when an encode fails, and keeps encoding after", async () => {
    await expect(
      encodeInChild({ input: { file: "/nonexistent/original.jpg" }, width: 400, format: "jpeg", options: {} }),
    ).rejects.toThrow(/nonexistent|missing|not exist/i);
    const png = await encodeInChild({ input: { svg }, format: "png", options: {} });
    expect((await sharp(png).metadata()).format).toBe("png");
  });
});
