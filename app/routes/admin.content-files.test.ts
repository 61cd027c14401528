import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import pino from "pino";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOO_LARGE_MESSAGE } from "#app/admin/content-files/upload-file.server.ts";
import { bundledContent, ContentStore, contentStoreContext } from "#app/content/content-store.server.ts";
import { authUser as user } from "#app/db/auth-schema.ts";
import { databaseContext } from "#app/db/context.ts";
import { exhibitionFiles } from "#app/db/exhibition-file-schema.ts";
import type { Exhibition } from "#app/exhibitions/exhibition.ts";
import { loggerContext } from "#app/observability/context.ts";
import { sha256Of } from "#app/uploads/hash-file.server.ts";
import { processOriginalStore } from "#app/uploads/original-store.server.ts";
import { signedInAdminCookie } from "#tests/support/test-admin-session.server.ts";
import { createTestDatabase, engineAvailable, type TestDatabase } from "#tests/support/test-database.server.ts";
import { testPdf as pdf, testWav as wav } from "#tests/support/test-exhibition-files.ts";
import { action } from "./admin.content-files.tsx";
import { loader as fileLoader } from "./files.u.$hash.$name.ts";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-files-"));
process.env.DATA_DIR = dataDir;
process.env.AUTH_SECRET ??= "integration-test-auth-secret-0123456789abcdef";
process.env.PUBLIC_URL ??= "http://test";

let context: RouterContextProvider;

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63f8cfc0f01f0005000201c2a3b1f40000000049454e44ae426082",
  "hex",
);

function fileForm(bytes: Buffer, name: string, type: string): FormData {
  const form = new FormData();
  form.set("note", "an extra field the endpoint ignores");
  form.set("file", new File([new Uint8Array(bytes)], name, { type }));
  return form;
}

interface Answer {
  status: number;
  body: unknown;
}

async function answerOf(run: () => unknown): Promise<Answer> {
  const read = async (value: unknown): Promise<Answer> => {
    if (value instanceof Response) {
      const text = await value.text();
      try {
        return { status: value.status, body: JSON.parse(text) };
      } catch {
        return { status: value.status, body: text };
      }
    }
    const { init, data } = value as { init: ResponseInit | null; data: unknown };
    return { status: init?.status ?? 200, body: data };
  };
  try {
    return await read(await run());
  } catch (thrown) {
    return read(thrown);
  }
}

function upload(
  body: BodyInit | undefined,
  init: { cookie?: string; origin?: string | null; contentType?: string; label?: string } = {},
) {
  const headers = new Headers();
  if (init.cookie) headers.set("Cookie", init.cookie);
  if (init.origin !== null) headers.set("Origin", init.origin ?? "http://test");
  if (init.contentType) headers.set("Content-Type", init.contentType);
  const label = encodeURIComponent(init.label ?? "Exhibition catalogue");
  const request = new Request(`http://test/admin/content-files?label=${label}`, {
    method: "POST",
    headers,
    body,
    duplex: "half",
  } as RequestInit);
  return answerOf(() => action({ request, context, params: {} } as never));
}

/** A multipart body that is never whole in memory: the envelope around `size` bytes made on the fly. */
function streamedBody(head: Buffer, size: number, boundary: string): ReadableStream<Uint8Array> {
  const chunk = Buffer.alloc(1024 * 1024, 0x55);
  let sent = 0;
  let stage = 0;
  return new ReadableStream({
    pull(controller) {
      if (stage === 0) {
        controller.enqueue(
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="long.wav"\r\nContent-Type: audio/wav\r\n\r\n`,
          ),
        );
        controller.enqueue(head);
        sent = head.length;
        stage = 1;
      } else if (sent < size) {
        const piece = chunk.subarray(0, Math.min(chunk.length, size - sent));
        sent += piece.length;
        controller.enqueue(piece);
      } else {
        controller.enqueue(Buffer.from(`\r\n--${boundary}--\r\n`));
        controller.close();
      }
    },
  });
}

function fetchFile(href: string, init: { cookie?: string; range?: string; method?: string; etag?: string } = {}) {
  const headers = new Headers();
  if (init.cookie) headers.set("Cookie", init.cookie);
  if (init.range) headers.set("Range", init.range);
  if (init.etag) headers.set("If-None-Match", init.etag);
  const request = new Request(`http://test${href}`, { method: init.method ?? "GET", headers });
  return fileLoader({ request, context, params: {} } as never) as Promise<Response>;
}

function publishing(files: { downloads?: string; audio?: string }) {
  const content = bundledContent();
  const [first, ...rest] = content.collections.exhibitions as Exhibition[];
  if (!first) throw new Error("no exhibition in the bundled content");
  const blocks = [...first.blocks];
  if (files.downloads)
    blocks.push({ type: "downloads", heading: "Downloads", files: [{ label: "Catalogue", href: files.downloads }] });
  if (files.audio)
    blocks.push({ type: "audio", heading: "Listen", caption: "A recording", src: files.audio, mime: "audio/wav" });
  context.set(
    contentStoreContext,
    new ContentStore({
      ...content,
      collections: { ...content.collections, exhibitions: [{ ...first, blocks }, ...rest] },
    }),
  );
}

const incomingLeft = () => fs.readdirSync(path.join(dataDir, "uploads-incoming"));

describe.runIf(engineAvailable("pglite"))(
  "exhibition file uploads and their public address",
  { timeout: 120_000 },
  () => {
    let testDb: TestDatabase;
    let cookie = "";
    let noFactorCookie = "";

    beforeAll(async () => {
      testDb = await createTestDatabase("pglite");
      context = new RouterContextProvider();
      context.set(databaseContext, testDb.database);
      context.set(loggerContext, pino({ level: "silent" }));
      publishing({});
      const account = { email: "files-admin@umbra.test", password: "files test passphrase one" };
      cookie = await signedInAdminCookie(testDb.database, account);
      await testDb.database.db.update(user).set({ twoFactorEnabled: true }).where(eq(user.email, account.email));
      noFactorCookie = await signedInAdminCookie(testDb.database, {
        email: "files-no-factor@umbra.test",
        password: "files test passphrase two",
      });
    });
    afterAll(async () => {
      await testDb?.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it("refuses without a session (401), without a second factor (403) and from another origin (403)", async () => {
      const form = () => fileForm(pdf(), "c.pdf", "application/pdf");
      expect(await upload(form())).toMatchObject({ status: 401, body: { error: "Sign in as an admin to do this." } });
      expect(await upload(form(), { cookie: noFactorCookie })).toMatchObject({
        status: 403,
        body: { error: expect.stringMatching(/authenticator app/) },
      });
      const foreign = await upload(form(), { cookie, origin: "https://evil.example" });
      expect(foreign.status).toBe(403);
      expect(await testDb.database.db.select().from(exhibitionFiles)).toEqual([]);
    });

    it("stores a PDF and a WAV under their hashes, typed by their bytes, named by the label", async () => {
      const document = pdf();
      const stored = await upload(fileForm(document, "IMG_0042 final(2).PDF", "application/octet-stream"), { cookie });
      const sha256 = sha256Of(document);
      expect(stored).toEqual({
        status: 201,
        body: {
          href: `/files/u/${sha256.slice(0, 16)}/exhibition-catalogue.pdf`,
          bytes: document.length,
          kind: "pdf",
          mime: "application/pdf",
        },
      });
      expect(await processOriginalStore().get(sha256)).toEqual(document);

      const recording = wav(1);
      const audio = await upload(fileForm(recording, "take.mp3", "audio/mpeg"), {
        cookie,
        label: "Field recording, Río",
      });
      expect(audio).toMatchObject({
        status: 201,
        body: {
          href: `/files/u/${sha256Of(recording).slice(0, 16)}/field-recording-rio.wav`,
          kind: "audio",
          mime: "audio/wav",
        },
      });
      expect(incomingLeft()).toEqual([]);
    });

    it("refuses forged, empty, missing and malformed uploads with a sentence, storing nothing", async () => {
      const before = await testDb.database.db.select().from(exhibitionFiles);
      const forgedPdf = await upload(fileForm(PNG, "catalogue.pdf", "application/pdf"), { cookie });
      expect(forgedPdf).toMatchObject({
        status: 415,
        body: { error: expect.stringMatching(/not a PDF, MP3.*whatever its name/) },
      });
      const html = Buffer.from("<!doctype html><html><body><script>alert(1)</script></body></html>");
      expect(await upload(fileForm(html, "song.mp3", "audio/mpeg"), { cookie })).toMatchObject({ status: 415 });
      expect(await upload(fileForm(Buffer.alloc(0), "empty.pdf", "application/pdf"), { cookie })).toMatchObject({
        status: 422,
        body: { error: expect.stringMatching(/The file is empty/) },
      });
      const noFile = new FormData();
      noFile.set("file", "just text");
      expect(await upload(noFile, { cookie })).toMatchObject({
        status: 422,
        body: { error: "Choose a PDF or audio file to upload." },
      });
      const cut = `--b0undary\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n${pdf().toString("latin1")}`;
      expect(await upload(cut, { cookie, contentType: "multipart/form-data; boundary=b0undary" })).toMatchObject({
        status: 400,
        body: { error: expect.stringMatching(/arrived incomplete/) },
      });
      expect(await upload(new Uint8Array(pdf()), { cookie, contentType: "application/pdf" })).toMatchObject({
        status: 415,
        body: { error: expect.stringMatching(/Upload file button/) },
      });
      expect(await testDb.database.db.select().from(exhibitionFiles)).toEqual(before);
      expect(incomingLeft()).toEqual([]);
    });

    it("refuses a PDF over 40 MB and any body over 100 MB (413), streamed, never kept", async () => {
      const boundary = "s1ze-boundary";
      const bigPdf = await upload(streamedBody(pdf(), 41 * 1024 * 1024, boundary), {
        cookie,
        contentType: `multipart/form-data; boundary=${boundary}`,
      });
      expect(bigPdf).toMatchObject({ status: 413, body: { error: expect.stringMatching(/PDF is over 40 MB/) } });
      const longWav = await upload(streamedBody(wav(1), 101 * 1024 * 1024, boundary), {
        cookie,
        contentType: `multipart/form-data; boundary=${boundary}`,
      });
      expect(longWav).toEqual({ status: 413, body: { error: TOO_LARGE_MESSAGE } });
      expect(incomingLeft()).toEqual([]);
    });

    it("keeps one copy and one record when the same file is uploaded several times at once", async () => {
      const recording = wav(2);
      const answers = await Promise.all(
        [1, 2, 3, 4].map(() => upload(fileForm(recording, "a.wav", "audio/wav"), { cookie })),
      );
      expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201]);
      expect(new Set(answers.map((a) => (a.body as { href: string }).href)).size).toBe(1);
      const sha256 = sha256Of(recording);
      const rows = await testDb.database.db.select().from(exhibitionFiles).where(eq(exhibitionFiles.sha256, sha256));
      expect(rows).toHaveLength(1);
      const shard = path.join(dataDir, "originals", sha256.slice(0, 2));
      expect(fs.readdirSync(shard).filter((name) => name.includes(sha256))).toEqual([sha256]);
    });

    it("serves a file only once a published exhibition names it; the studio may preview it", async () => {
      const document = pdf("draft only");
      const { body } = await upload(fileForm(document, "d.pdf", "application/pdf"), { cookie, label: "Price list" });
      const href = (body as { href: string }).href;
      publishing({});
      expect((await fetchFile(href)).status).toBe(404);
      const preview = await fetchFile(href, { cookie });
      expect(preview.status).toBe(200);
      expect(preview.headers.get("Cache-Control")).toBe("private, no-store");
      expect(Buffer.from(await preview.arrayBuffer())).toEqual(document);

      publishing({ downloads: href });
      const served = await fetchFile(href);
      expect(served.status).toBe(200);
      expect(Object.fromEntries(served.headers)).toMatchObject({
        "content-type": "application/pdf",
        "content-length": String(document.length),
        "content-disposition": 'attachment; filename="price-list.pdf"',
        "cache-control": "public, max-age=31536000, immutable",
        "accept-ranges": "bytes",
      });
      expect(Buffer.from(await served.arrayBuffer())).toEqual(document);
      // The same bytes under a name no exhibition gives them, or another extension: not served.
      expect((await fetchFile(href.replace("price-list", "other"))).status).toBe(404);
      expect((await fetchFile(href.replace(/\.pdf$/, ".html"))).status).toBe(404);
      expect((await fetchFile("/files/u/0000000000000000/price-list.pdf")).status).toBe(404);
    });

    it("answers Range (206, 416), HEAD and If-None-Match for a published recording", async () => {
      const recording = wav(3);
      const { body } = await upload(fileForm(recording, "r.wav", "audio/wav"), { cookie, label: "Night" });
      const href = (body as { href: string }).href;
      publishing({ audio: href });
      const part = await fetchFile(href, { range: "bytes=100-199" });
      expect(part.status).toBe(206);
      expect(part.headers.get("Content-Range")).toBe(`bytes 100-199/${recording.length}`);
      expect(part.headers.get("Content-Length")).toBe("100");
      expect(part.headers.get("Content-Disposition")).toBe('inline; filename="night.wav"');
      expect(part.headers.get("Content-Type")).toBe("audio/wav");
      expect(Buffer.from(await part.arrayBuffer())).toEqual(recording.subarray(100, 200));
      const tail = await fetchFile(href, { range: "bytes=-10" });
      expect(Buffer.from(await tail.arrayBuffer())).toEqual(recording.subarray(recording.length - 10));
      const beyond = await fetchFile(href, { range: `bytes=${recording.length}-` });
      expect(beyond.status).toBe(416);
      expect(beyond.headers.get("Content-Range")).toBe(`bytes */${recording.length}`);
      const head = await fetchFile(href, { method: "HEAD" });
      expect(head.status).toBe(200);
      expect(head.headers.get("Content-Length")).toBe(String(recording.length));
      expect((await head.arrayBuffer()).byteLength).toBe(0);
      const etag = head.headers.get("ETag") ?? "";
      expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
      expect((await fetchFile(href, { etag })).status).toBe(304);
    });
  },
);
