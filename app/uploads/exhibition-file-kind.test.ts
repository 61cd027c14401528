import { describe, expect, it } from "vitest";
import { classifyExhibitionFile, MAX_AUDIO_BYTES, MAX_PDF_BYTES } from "./exhibition-file-kind";

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));
const pad = (head: Uint8Array, length = 64) => {
  const out = new Uint8Array(length);
  out.set(head.subarray(0, length));
  return out;
};

describe("classifyExhibitionFile", () => {
  it("accepts a real PDF header", () => {
    const head = pad(bytes("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj"));
    expect(classifyExhibitionFile(head, 20_000)).toMatchObject({
      ok: true,
      file: { mime: "application/pdf", ext: "pdf" },
    });
  });
  it("accepts MP3 (ID3 tag and bare frame), OGG/Opus, WAV and M4A", () => {
    expect(classifyExhibitionFile(pad(bytes("ID3", [4, 0, 0, 0, 0, 0, 0])), 5000)).toMatchObject({
      ok: true,
      file: { mime: "audio/mpeg" },
    });
    expect(classifyExhibitionFile(pad(bytes([0xff, 0xfb, 0x90, 0x64])), 5000)).toMatchObject({
      ok: true,
      file: { ext: "mp3" },
    });
    const opus = pad(
      bytes("OggS", [0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4, 0, 0, 0, 0, 9, 9, 9, 9, 1, 19], "OpusHead"),
    );
    expect(classifyExhibitionFile(opus, 5000)).toMatchObject({
      ok: true,
      file: { mime: "audio/ogg; codecs=opus", ext: "opus" },
    });
    expect(classifyExhibitionFile(pad(bytes("RIFF", [0x24, 0, 0, 0], "WAVEfmt ")), 5000)).toMatchObject({
      ok: true,
      file: { mime: "audio/wav" },
    });
    expect(classifyExhibitionFile(pad(bytes([0, 0, 0, 0x20], "ftypM4A ")), 5000)).toMatchObject({
      ok: true,
      file: { mime: "audio/mp4", ext: "m4a" },
    });
  });
  it("refuses an HTML file renamed .pdf and an EXE with a message naming the accepted formats", () => {
    for (const head of [bytes("<!DOCTYPE html><html><body>hi</body></html>"), pad(bytes("MZ", [0x90, 0, 3, 0]))]) {
      const result = classifyExhibitionFile(head, 4000);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.message).toMatch(/not a PDF, MP3, M4A\/AAC, OGG\/Opus or WAV file/);
    }
  });
  it("refuses an empty file and a truncated one, saying what to do", () => {
    const empty = classifyExhibitionFile(new Uint8Array(0), 0);
    expect(empty).toEqual({ ok: false, message: expect.stringMatching(/file is empty/) });
    const cutPdf = classifyExhibitionFile(bytes("%PDF-1."), 7);
    expect(cutPdf).toEqual({ ok: false, message: expect.stringMatching(/cut short.*whole file/) });
    const cutOther = classifyExhibitionFile(bytes("RIF"), 3);
    expect(cutOther).toEqual({ ok: false, message: expect.stringMatching(/too short.*whole file/) });
  });
  it("refuses files over the per-kind limit", () => {
    expect(classifyExhibitionFile(pad(bytes("%PDF-1.4")), MAX_PDF_BYTES + 1)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/over 40 MB/),
    });
    expect(classifyExhibitionFile(pad(bytes("RIFF", [0, 0, 0, 0], "WAVE")), MAX_AUDIO_BYTES + 1)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/over 100 MB/),
    });
    expect(classifyExhibitionFile(pad(bytes("RIFF", [0, 0, 0, 0], "WAVE")), MAX_AUDIO_BYTES)).toMatchObject({
      ok: true,
    });
  });
});
