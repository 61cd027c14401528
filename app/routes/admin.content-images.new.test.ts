import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import pino from "pino";
import { RouterContextProvider } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importIfEmpty } from "#app/content/content-documents.server.ts";
import { contentFolder } from "#app/content/content-registry.server.ts";
import { contentSyncContext } from "#app/content/content-sync.server.ts";
import { contentDir } from "#app/content-files/content-files.server.ts";
import { DocumentSource } from "#app/content-files/content-source.server.ts";
import { authUser as user } from "#app/db/auth-schema.ts";
import { contentDocuments } from "#app/db/content-schema.ts";
import { databaseContext } from "#app/db/context.ts";
import { loggerContext } from "#app/observability/context.ts";
import { signedInAdminCookie } from "#tests/support/test-admin-session.server.ts";
import { createTestDatabase, engineAvailable, type TestDatabase } from "#tests/support/test-database.server.ts";
import { action, loader } from "./admin.content-images.new.tsx";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-picker-route-"));
process.env.DATA_DIR = dataDir;
process.env.AUTH_SECRET ??= "integration-test-auth-secret-0123456789abcdef";
process.env.PUBLIC_URL ??= "http://test";

let context: RouterContextProvider;

/** The action's answer, returned or thrown, as status and JSON body. */
async function post(
  body: BodyInit | undefined,
  init: { cookie?: string; origin?: string; method?: string; type?: string } = {},
) {
  const headers = new Headers();
  if (init.cookie) headers.set("Cookie", init.cookie);
  headers.set("Origin", init.origin ?? "http://test");
  if (init.type) headers.set("Content-Type", init.type);
  const request = new Request("http://test/admin/content-images/new", { method: init.method ?? "POST", headers, body });
  let answer: unknown;
  try {
    answer = await action({ request, context, params: {} } as never);
  } catch (thrown) {
    if (thrown instanceof Error) throw thrown;
    answer = thrown;
  }
  if (answer instanceof Response) return { status: answer.status, body: await answer.json().catch(() => undefined) };
  const { init: responseInit, data } = answer as { init: ResponseInit | null; data: unknown };
  return { status: responseInit?.status ?? 200, body: data };
}

async function newImageForm(description: string, collection = "about") {
  const form = new FormData();
  const bytes = await sharp({ create: { width: 80, height: 40, channels: 3, background: "#2a4" } })
    .png()
    .toBuffer();
  form.set("image", new File([new Uint8Array(bytes)], "green.png", { type: "image/png" }));
  form.set("description", description);
  form.set("collection", collection);
  return form;
}

describe.runIf(engineAvailable("pglite"))("POST /admin/content-images/new", { timeout: 60_000 }, () => {
  let testDb: TestDatabase;
  let cookie = "";
  let noFactorCookie = "";
  const aboutRevision = async () =>
    (
      await testDb.database.db
        .select({ revision: contentDocuments.revision })
        .from(contentDocuments)
        .where(eq(contentDocuments.path, "images/about.yaml"))
    )[0]?.revision;

  beforeAll(async () => {
    testDb = await createTestDatabase("pglite");
    await importIfEmpty(testDb.database.db, new DocumentSource(new Map(contentFolder(contentDir()).all()), "content"));
    context = new RouterContextProvider();
    context.set(databaseContext, testDb.database);
    context.set(loggerContext, pino({ level: "silent" }));
    // No other process to hear from: the route lists the image from what it committed.
    context.set(contentSyncContext, undefined);
    const account = { email: "picker-route@umbra.test", password: "picker route passphrase one" };
    cookie = await signedInAdminCookie(testDb.database, account);
    await testDb.database.db.update(user).set({ twoFactorEnabled: true }).where(eq(user.email, account.email));
    noFactorCookie = await signedInAdminCookie(testDb.database, {
      email: "picker-route-no-factor@umbra.test",
      password: "picker route passphrase two",
    });
  });
  afterAll(async () => {
    await testDb?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("refuses without a session, without a second factor, from another origin, and anything but a POST", async () => {
    const before = await aboutRevision();
    expect(await post(await newImageForm("A green card"))).toMatchObject({ status: 401 });
    expect(await post(await newImageForm("A green card"), { cookie: noFactorCookie })).toMatchObject({
      status: 403,
      body: { error: expect.stringMatching(/authenticator app/) },
    });
    expect((await post(await newImageForm("A green card"), { cookie, origin: "http://evil.test" })).status).toBe(403);
    expect(await post(await newImageForm("A green card"), { cookie, method: "PUT" })).toMatchObject({ status: 405 });
    const answered = loader() as unknown as { init: ResponseInit | null };
    expect(answered.init?.status).toBe(405);
    expect(await aboutRevision()).toBe(before);
  });

  it("answers a body that is not a form, and a refused field, with a 4xx sentence", async () => {
    expect(await post("{}", { cookie, type: "application/json" })).toMatchObject({
      status: 400,
      body: { error: expect.stringMatching(/Send the image as a file/) },
    });
    expect(await post(await newImageForm(""), { cookie })).toMatchObject({
      status: 422,
      body: { error: expect.stringMatching(/read aloud/) },
    });
    expect(await post(await newImageForm("A green card", "nowhere"), { cookie })).toMatchObject({
      status: 422,
      body: { error: expect.stringMatching(/no group of images called/) },
    });
  });

  it("adds the image and answers it as the picker lists it: its thumbnail, never its original", async () => {
    const before = (await aboutRevision()) ?? 0;
    const answer = await post(await newImageForm("A green card on the studio table"), { cookie });
    expect(answer).toMatchObject({
      status: 200,
      body: {
        image: {
          value: "about/a-green-card-on-the-studio-table",
          collection: "about",
          alt: "A green card on the studio table",
          aspect: 2,
          thumbnail: expect.stringMatching(/^\/img\/about-400\/a-green-card-on-the-studio-table\.jpg\?v=/),
        },
      },
    });
    expect(await aboutRevision()).toBe(before + 1);
  });
});
