import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { chooseEncoding, compressBody, compressBodySync, matchesEtag, prepareAnswer } from "./compressed-body.ts";

const both = { br: Buffer.from("b"), gzip: Buffer.from("g") };

describe("chooseEncoding", () => {
  it("prefers brotli on a tie and follows q-values", () => {
    expect(chooseEncoding("gzip, deflate, br, zstd", both)).toBe("br");
    expect(chooseEncoding("gzip, br", both)).toBe("br");
    expect(chooseEncoding("br;q=0.5, gzip", both)).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip;q=0.1", both)).toBe("gzip");
    expect(chooseEncoding("gzip;q=0, br;q=0", both)).toBe("identity");
    expect(chooseEncoding("*", both)).toBe("br");
    expect(chooseEncoding("*;q=0.2, br;q=0.1", both)).toBe("gzip");
    expect(chooseEncoding("identity", both)).toBe("identity");
    expect(chooseEncoding(undefined, both)).toBe("identity");
    expect(chooseEncoding("BR", both)).toBe("br");
    expect(chooseEncoding("x-gzip", both)).toBe("gzip");
  });

  it("sends only what the body has", () => {
    expect(chooseEncoding("br", { gzip: both.gzip })).toBe("identity");
    expect(chooseEncoding("br, gzip", { gzip: both.gzip })).toBe("gzip");
    expect(chooseEncoding("gzip, deflate, br, zstd", {})).toBe("identity");
  });

  it("survives malformed and oversized headers", () => {
    for (const header of [";;;", ",,,", "br;q=abc", "br;q=2", "gzip;q=-1", "\u0000br", "q=1", "br;;q=0.5"]) {
      expect(["br", "gzip", "identity"]).toContain(chooseEncoding(header, both));
    }
    expect(chooseEncoding("br;q=abc", both)).toBe("br");
    // A huge header is cut at 512 characters, not parsed in full.
    expect(chooseEncoding(`${"x, ".repeat(100_000)}gzip`, both)).toBe("identity");
    expect(chooseEncoding(`gzip, ${"x;q=0.1, ".repeat(100_000)}`, both)).toBe("gzip");
  });
});

describe("matchesEtag", () => {
  it("matches exact, weak, listed and * values only", () => {
    expect(matchesEtag('"abc"', '"abc"')).toBe(true);
    expect(matchesEtag('W/"abc"', '"abc"')).toBe(true);
    expect(matchesEtag('"x", "abc"', '"abc"')).toBe(true);
    expect(matchesEtag("*", '"abc"')).toBe(true);
    expect(matchesEtag('"abcd"', '"abc"')).toBe(false);
    expect(matchesEtag(undefined, '"abc"')).toBe(false);
    expect(matchesEtag(`${'"x", '.repeat(10_000)}"abc"`, '"abc"')).toBe(false);
  });
});

describe("compressBody", () => {
  const text = Buffer.from("plants do not rush, and they still cover the earth. ".repeat(100));

  it("makes brotli and gzip that decode to the body, in the pool and on the thread alike", async () => {
    for (const body of [await compressBody(text), compressBodySync(text, { brotliQuality: 5, gzipLevel: 6 })]) {
      expect(zlib.brotliDecompressSync(body.br as Buffer).equals(text)).toBe(true);
      expect(zlib.gunzipSync(body.gzip as Buffer).equals(text)).toBe(true);
      expect(body.etag).toMatch(/^"[\w-]{20}"$/);
    }
  });

  it("leaves small bodies uncompressed", async () => {
    const body = await compressBody(Buffer.from("short"));
    expect(body.br).toBeUndefined();
    expect(prepareAnswer(body, {}).heads.br).toBeUndefined();
  });

  it("prepares one set of headers per encoding, with the right length", async () => {
    const answer = prepareAnswer(await compressBody(text), { "Content-Type": "text/plain" });
    expect(answer.heads.br?.["Content-Encoding"]).toBe("br");
    expect(answer.heads.br?.["Content-Length"]).toBe(String(answer.body.br?.length));
    expect(answer.heads.identity?.["Content-Length"]).toBe(String(text.length));
    expect(answer.heads.gzip?.Vary).toBe("Accept-Encoding");
    expect(answer.heads.notModified?.ETag).toBe(answer.body.etag);
  });
});
