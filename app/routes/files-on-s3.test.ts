import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import pino from "pino";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundledContent, ContentStore, contentStoreContext } from "#app/content/content-store.server.ts";
import { authUser as user } from "#app/db/auth-schema.ts";
import { databaseContext } from "#app/db/context.ts";
import type { Exhibition } from "#app/exhibitions/exhibition.ts";
import { loggerContext } from "#app/observability/context.ts";
import { sha256Of } from "#app/uploads/hash-file.server.ts";
import { processOriginalStore } from "#app/uploads/original-store.server.ts";
import { signedInAdminCookie } from "#tests/support/test-admin-session.server.ts";
import { createTestDatabase, engineAvailable, type TestDatabase } from "#tests/support/test-database.server.ts";
import { testWav } from "#tests/support/test-exhibition-files.ts";
import { startTestS3 } from "#tests/support/test-s3-server.server.ts";
import { action } from "./admin.content-files.tsx";
import { loader } from "./files.u.$hash.$name.ts";

// Decision 048 with the S3 store (S3_URL set, several machines): an upload lands in the bucket,
// not DATA_DIR/originals, and its public address streams it (Range included) through the
// store's checked local copy.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-files-s3-"));
process.env.DATA_DIR = dataDir;
process.env.AUTH_SECRET ??= "integration-test-auth-secret-0123456789abcdef";
process.env.PUBLIC_URL ??= "http://test";

describe.runIf(engineAvailable("pglite"))("exhibition files on the S3 store", { timeout: 60_000 }, () => {
  let testDb: TestDatabase;
  let s3: Awaited<ReturnType<typeof startTestS3>>;
  let context: RouterContextProvider;
  let cookie = "";

  beforeAll(async () => {
    s3 = await startTestS3();
    // Read by getEnv on first use, which is below.
    Object.assign(process.env, {
      S3_URL: s3.url,
      S3_BUCKET: s3.bucket,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    });
    testDb = await createTestDatabase("pglite");
    context = new RouterContextProvider();
    context.set(databaseContext, testDb.database);
    context.set(loggerContext, pino({ level: "silent" }));
    const account = { email: "s3-files@umbra.test", password: "s3 files test passphrase" };
    cookie = await signedInAdminCookie(testDb.database, account);
    await testDb.database.db.update(user).set({ twoFactorEnabled: true }).where(eq(user.email, account.email));
  });
  afterAll(async () => {
    await testDb?.destroy();
    await s3?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("stores an upload in the bucket and serves it, whole and in part, once published", async () => {
    expect(processOriginalStore().kind).toBe("s3");
    const recording = testWav(2);
    const form = new FormData();
    form.set("file", new File([new Uint8Array(recording)], "take.wav", { type: "audio/wav" }));
    const request = new Request("http://test/admin/content-files?label=Dusk", {
      method: "POST",
      headers: { Cookie: cookie, Origin: "http://test" },
      body: form,
    });
    const answer = (await action({ request, context, params: {} } as never)) as { data: { href: string } };
    const href = answer.data.href;
    expect(href).toBe(`/files/u/${sha256Of(recording).slice(0, 16)}/dusk.wav`);
    expect(fs.existsSync(path.join(dataDir, "originals"))).toBe(false);
    expect(await processOriginalStore().get(sha256Of(recording))).toEqual(recording);

    const content = bundledContent();
    const [first, ...rest] = content.collections.exhibitions as Exhibition[];
    if (!first) throw new Error("no exhibition in the bundled content");
    const listen = { type: "audio" as const, heading: "Listen", caption: "Dusk", src: href, mime: "audio/wav" };
    context.set(
      contentStoreContext,
      new ContentStore({
        ...content,
        collections: {
          ...content.collections,
          exhibitions: [{ ...first, blocks: [...first.blocks, listen] }, ...rest],
        },
      }),
    );
    const get = (range?: string) =>
      loader({
        request: new Request(`http://test${href}`, { headers: range ? { Range: range } : {} }),
        context,
        params: {},
      } as never) as Promise<Response>;
    const whole = await get();
    expect(whole.status).toBe(200);
    expect(whole.headers.get("Content-Type")).toBe("audio/wav");
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(recording);
    const part = await get("bytes=1000-1999");
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(recording.subarray(1000, 2000));
  });
});
