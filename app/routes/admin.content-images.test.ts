import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { eq } from "drizzle-orm";
import pino from "pino";
import { RouterContextProvider } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authUser as user } from "#app/db/auth-schema.ts";
import { databaseContext } from "#app/db/context.ts";
import { loggerContext } from "#app/observability/context.ts";
import { sha256Of } from "#app/uploads/hash-file.server.ts";
import { imageHistory, loadUploadedOriginals } from "#app/uploads/image-originals.server.ts";
import { processOriginalStore } from "#app/uploads/original-store.server.ts";
import { processUploadedOriginals } from "#app/uploads/uploaded-originals.ts";
import { signedInAdminCookie } from "#tests/support/test-admin-session.server.ts";
import { createTestDatabase, engineAvailable, type TestDatabase } from "#tests/support/test-database.server.ts";
import { action, loader } from "./admin.content-images.$.tsx";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-uploads-"));
process.env.DATA_DIR = dataDir;
process.env.AUTH_SECRET ??= "integration-test-auth-secret-0123456789abcdef";
process.env.PUBLIC_URL ??= "http://test";

const WORK = "brass-moth";
const ADDRESS = `/admin/content-images/artworks/${WORK}`;
let context: RouterContextProvider;

interface Answer {
  status: number;
  body: unknown;
  location?: string | null;
}

/** Posts a form to the upload action as React Router would, and reads its answer (returned or thrown). */
async function post(
  form: FormData | undefined,
  init: { cookie?: string; origin?: string | null; method?: string; splat?: string } = {},
): Promise<Answer> {
  const headers = new Headers();
  if (init.cookie) headers.set("Cookie", init.cookie);
  if (init.origin !== null) headers.set("Origin", init.origin ?? "http://test");
  const request = new Request(`http://test${ADDRESS}`, { method: init.method ?? "POST", headers, body: form });
  return answerOf(() => action({ request, context, params: { "*": init.splat ?? `artworks/${WORK}` } } as never));
}

async function answerOf(run: () => unknown): Promise<Answer> {
  const read = async (value: unknown): Promise<Answer> => {
    if (value instanceof Response) {
      const text = await value.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {}
      return { status: value.status, body, location: value.headers.get("Location") };
    }
    if (value && typeof value === "object" && "init" in value && "data" in value) {
      const { init, data } = value as { init: ResponseInit | null; data: unknown };
      return { status: init?.status ?? 200, body: data };
    }
    return { status: 200, body: value };
  };
  try {
    return await read(await run());
  } catch (thrown) {
    return read(thrown);
  }
}

function imageForm(bytes: Buffer, name: string, extra: Record<string, string> = {}): FormData {
  const form = new FormData();
  form.set("image", new File([new Uint8Array(bytes)], name, { type: "image/jpeg" }));
  for (const [key, value] of Object.entries(extra)) form.set(key, value);
  return form;
}

async function png(width: number, height: number, colour: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/** A PNG whose header says `width` x `height` and whose pixels are a few bytes: a decompression bomb's shape. */
function pngHeaderOnly(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", zlib.deflateSync(Buffer.alloc(1024))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

describe.runIf(engineAvailable("pglite"))(
  "uploading an image's original (/admin/content-images)",
  { timeout: 60_000 },
  () => {
    let testDb: TestDatabase;
    let cookie = "";
    let noFactorCookie = "";

    beforeAll(async () => {
      testDb = await createTestDatabase("pglite");
      context = new RouterContextProvider();
      context.set(databaseContext, testDb.database);
      context.set(loggerContext, pino({ level: "silent" }));
      const account = { email: "uploads-admin@umbra.test", password: "uploads test passphrase one" };
      cookie = await signedInAdminCookie(testDb.database, account);
      await testDb.database.db.update(user).set({ twoFactorEnabled: true }).where(eq(user.email, account.email));
      noFactorCookie = await signedInAdminCookie(testDb.database, {
        email: "uploads-no-factor@umbra.test",
        password: "uploads test passphrase two",
      });
    });
    afterAll(async () => {
      await testDb?.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    const mapped = async () => (await loadUploadedOriginals(testDb.database.db)).find((o) => o.name === WORK);

    it("refuses without a session (401), without a second factor (403), from another origin (403), and a GET (405)", async () => {
      const form = imageForm(await png(40, 30, "#a33"), "a.png");
      expect(await post(form)).toMatchObject({ status: 401, body: { error: "Sign in as an admin to do this." } });
      expect(await post(form, { cookie: noFactorCookie })).toMatchObject({
        status: 403,
        body: { error: expect.stringMatching(/authenticator app/) },
      });
      expect((await post(form, { cookie, origin: "http://evil.test" })).status).toBe(403);
      expect(await post(form, { cookie, method: "PUT" })).toMatchObject({ status: 405 });
      expect(await answerOf(() => loader())).toMatchObject({
        status: 405,
        body: { error: expect.stringMatching(/POST/) },
      });
      expect(await mapped()).toBeUndefined();
    });

    it("refuses what is not an image (415) and an image address that names nothing (404), with a sentence", async () => {
      const text = imageForm(Buffer.from("<html>not a picture</html>"), "moss.jpg");
      expect(await post(text, { cookie })).toMatchObject({
        status: 415,
        body: { error: expect.stringMatching(/not a JPEG, PNG, WebP, AVIF or TIFF image \(judged by its contents/) },
      });
      const nowhere = imageForm(await png(40, 30, "#a33"), "a.png");
      expect(await post(nowhere, { cookie, splat: "artworks/no-such-work" })).toMatchObject({ status: 404 });
      expect(await post(nowhere, { cookie, splat: "../../etc/passwd" })).toMatchObject({ status: 404 });
      expect(await mapped()).toBeUndefined();
    });

    it("takes a .jpg name with PNG bytes as a PNG, stores it under its hash and shows it at once", async () => {
      const bytes = await png(1000, 700, "#3a6");
      const answer = await post(imageForm(bytes, "holiday.jpg", { baseRevision: "0" }), { cookie });
      expect(answer).toMatchObject({
        status: 302,
        location: `/admin/content/works/${WORK}.md?image=uploaded&changed=${WORK}`,
      });
      const sha256 = sha256Of(bytes);
      expect(await mapped()).toMatchObject({ sha256, format: "png", width: 1000, height: 700 });
      expect((await processOriginalStore().get(sha256))?.equals(bytes)).toBe(true);
      expect(fs.existsSync(path.join(dataDir, "originals", sha256.slice(0, 2), sha256))).toBe(true);
      expect(processUploadedOriginals().get("artworks", WORK)?.version).toBe(sha256.slice(0, 10));
      // Nothing of the upload is left waiting, and no name the browser sent is on disk.
      expect(fs.readdirSync(path.join(dataDir, "uploads-incoming"))).toEqual([]);
    });

    it("refuses a 30,000 x 30,000 PNG from its header, a truncated file and 41 MB, changing nothing", async () => {
      const before = await mapped();
      expect(await post(imageForm(pngHeaderOnly(30_000, 30_000), "bomb.png"), { cookie })).toMatchObject({
        status: 422,
        body: { error: expect.stringMatching(/more than 100 megapixels/) },
      });
      // Over the site's 100 megapixels, though under libvips' own default limit (268).
      expect(await post(imageForm(pngHeaderOnly(12_000, 10_000), "large.png"), { cookie })).toMatchObject({
        status: 422,
        body: { error: expect.stringMatching(/more than 100 megapixels/) },
      });
      const whole = await png(600, 400, "#36a");
      expect(await post(imageForm(whole.subarray(0, whole.length - 40), "cut.png"), { cookie })).toMatchObject({
        status: 422,
        body: { error: expect.stringMatching(/could not be read whole/) },
      });
      expect(await post(imageForm(Buffer.alloc(41 * 1024 * 1024, 1), "huge.tif"), { cookie })).toMatchObject({
        status: 413,
        body: { error: expect.stringMatching(/larger than 40 MB/) },
      });
      expect(await mapped()).toEqual(before);
    });

    it("two concurrent replaces from the same screen: both stored, one shown, the other told why", async () => {
      const [current] = await imageHistory(testDb.database.db, "artworks", WORK, 1);
      const files = await Promise.all([png(800, 600, "#a63"), png(800, 600, "#6a3")]);
      const answers = await Promise.all(
        files.map((bytes) => post(imageForm(bytes, "x.png", { baseRevision: String(current?.revision) }), { cookie })),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([302, 409]);
      expect(answers.find((answer) => answer.status === 409)?.body).toMatchObject({
        error: expect.stringMatching(/changed by someone else/),
      });
      for (const bytes of files) expect(await processOriginalStore().has(sha256Of(bytes))).toBe(true);
      const shown = await mapped();
      expect(files.map((bytes) => sha256Of(bytes))).toContain(shown?.sha256);
      const [latest] = await imageHistory(testDb.database.db, "artworks", WORK, 1);
      expect(latest?.sha256).toBe(shown?.sha256);
    });

    it("restores an earlier image as a new change", async () => {
      const history = await imageHistory(testDb.database.db, "artworks", WORK);
      const first = history[history.length - 1];
      const form = new FormData();
      form.set("intent", "restore");
      form.set("revision", String(first?.revision));
      form.set("baseRevision", String(history[0]?.revision));
      expect(await post(form, { cookie })).toMatchObject({
        status: 302,
        location: `/admin/content/works/${WORK}.md?image=restored&changed=${WORK}`,
      });
      expect((await mapped())?.sha256).toBe(first?.sha256);
      expect(processUploadedOriginals().get("artworks", WORK)?.sha256).toBe(first?.sha256);
    });
  },
);
