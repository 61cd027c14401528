import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import pino from "pino";
import { RouterContextProvider } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findDraft } from "#app/admin/content/content-drafts.server.ts";
import { imagePanels } from "#app/admin/content-images/image-panel.server.ts";
import { authUser as user } from "#app/db/auth-schema.ts";
import { databaseContext } from "#app/db/context.ts";
import { loggerContext } from "#app/observability/context.ts";
import { sha256Of } from "#app/uploads/hash-file.server.ts";
import { imageHistory } from "#app/uploads/image-originals.server.ts";
import { processUploadedOriginals } from "#app/uploads/uploaded-originals.ts";
import { signedInAdminCookie } from "#tests/support/test-admin-session.server.ts";
import { createTestDatabase, engineAvailable, type TestDatabase } from "#tests/support/test-database.server.ts";
import { action } from "./admin.content.new-work.tsx";
import { action as imageAction } from "./admin.content-images.$.tsx";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-new-work-"));
process.env.DATA_DIR = dataDir;
process.env.AUTH_SECRET ??= "integration-test-auth-secret-0123456789abcdef";
process.env.PUBLIC_URL ??= "http://test";

let context: RouterContextProvider;

interface Answer {
  status: number;
  body: unknown;
  location?: string | null;
}

async function answerOf(run: () => unknown): Promise<Answer> {
  const read = async (value: unknown): Promise<Answer> => {
    if (value instanceof Response)
      return { status: value.status, body: await value.text(), location: value.headers.get("Location") };
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

/** Posts the New work form as a browser would (multipart), and reads the answer. */
function post(form: FormData, init: { cookie?: string; origin?: string } = {}): Promise<Answer> {
  const headers = new Headers({ Origin: init.origin ?? "http://test" });
  if (init.cookie) headers.set("Cookie", init.cookie);
  const request = new Request("http://test/admin/content/new-work", { method: "POST", headers, body: form });
  return answerOf(() => action({ request, context, params: {} } as never));
}

function newWorkForm(title: string, file?: { bytes: Buffer; name: string; type?: string }): FormData {
  const form = new FormData();
  form.set("title", title);
  // A browser sends an empty file part when no file is chosen.
  form.set(
    "image",
    file
      ? new File([new Uint8Array(file.bytes)], file.name, { type: file.type ?? "image/jpeg" })
      : new File([], "", { type: "application/octet-stream" }),
  );
  return form;
}

const jpeg = (width: number, height: number, colour: string) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

describe.runIf(engineAvailable("pglite"))("a new work with its image on one screen", { timeout: 60_000 }, () => {
  let testDb: TestDatabase;
  let cookie = "";
  let noFactorCookie = "";
  const uploadedFor = (slug: string) => processUploadedOriginals().get("artworks", slug);

  beforeAll(async () => {
    testDb = await createTestDatabase("pglite");
    context = new RouterContextProvider();
    context.set(databaseContext, testDb.database);
    context.set(loggerContext, pino({ level: "silent" }));
    const account = { email: "new-work-admin@umbra.test", password: "new work test passphrase one" };
    cookie = await signedInAdminCookie(testDb.database, account);
    await testDb.database.db.update(user).set({ twoFactorEnabled: true }).where(eq(user.email, account.email));
    noFactorCookie = await signedInAdminCookie(testDb.database, {
      email: "new-work-no-factor@umbra.test",
      password: "new work test passphrase two",
    });
  });
  afterAll(async () => {
    await testDb?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("refuses without a session, without a second factor, and from another origin, creating nothing", async () => {
    const form = () => newWorkForm("Locked Out", { bytes: Buffer.from("x"), name: "a.jpg" });
    expect((await post(form())).status).toBe(401);
    expect((await post(form(), { cookie: noFactorCookie })).status).toBe(403);
    expect((await post(form(), { cookie, origin: "http://evil.test" })).status).toBe(403);
    expect(await findDraft(testDb.database.db, "works/locked-out.md")).toBeUndefined();
  });

  it("creates the draft and makes the uploaded file its image, then opens the editor with the image panel", async () => {
    const bytes = await jpeg(1200, 900, "#3a6");
    const answer = await post(newWorkForm("Moth of Brass Light", { bytes, name: "IMG_0001.JPG" }), { cookie });
    expect(answer).toMatchObject({
      status: 302,
      location: "/admin/content/works/moth-of-brass-light.md?saved=1&image=uploaded&changed=moth-of-brass-light",
    });
    const draft = await findDraft(testDb.database.db, "works/moth-of-brass-light.md");
    expect(draft?.data).toMatchObject({ title: "Moth of Brass Light", hidden: true });
    expect(uploadedFor("moth-of-brass-light")).toMatchObject({ sha256: sha256Of(bytes), width: 1200, height: 900 });
    // The editor shows the draft work's image panel before its first publish, with the picture.
    const panels = await imagePanels(testDb.database.db, "works/moth-of-brass-light.md", context, true);
    expect(panels).toHaveLength(1);
    expect(panels[0]).toMatchObject({ uploaded: true, unpublished: true, width: 1200, height: 900 });
    // And the panel can replace it while it is a draft.
    const form = new FormData();
    form.set("image", new File([new Uint8Array(await jpeg(800, 600, "#a36"))], "b.jpg", { type: "image/jpeg" }));
    form.set("baseRevision", String(panels[0]?.revision));
    const request = new Request("http://test/admin/content-images/artworks/moth-of-brass-light", {
      method: "POST",
      headers: { Origin: "http://test", Cookie: cookie },
      body: form,
    });
    const replaced = await answerOf(() =>
      imageAction({ request, context, params: { "*": "artworks/moth-of-brass-light" } } as never),
    );
    expect(replaced.status).toBe(302);
    expect(uploadedFor("moth-of-brass-light")).toMatchObject({ width: 800, height: 600 });
  });

  it("creates a work without an image when none is chosen", async () => {
    const answer = await post(newWorkForm("Quiet Orchid"), { cookie });
    expect(answer).toMatchObject({ status: 302, location: "/admin/content/works/quiet-orchid.md?saved=1" });
    expect(uploadedFor("quiet-orchid")).toBeUndefined();
  });

  it("refuses a file that is not an image, whatever its name and type say (415), with the title kept", async () => {
    const forged = newWorkForm("Forged Picture", { bytes: Buffer.from("<svg onload=alert(1)>"), name: "x.jpg" });
    expect(await post(forged, { cookie })).toMatchObject({
      status: 415,
      body: {
        newWorkError: expect.stringMatching(/not a JPEG, PNG, WebP, AVIF or TIFF image/),
        title: "Forged Picture",
      },
    });
    expect(await findDraft(testDb.database.db, "works/forged-picture.md")).toBeUndefined();
    expect(await imageHistory(testDb.database.db, "artworks", "forged-picture")).toEqual([]);
  });

  it("refuses a file over 40 MB (413) and a wrong-typed text file (415), creating nothing", async () => {
    const huge = newWorkForm("Too Large", { bytes: Buffer.alloc(41 * 1024 * 1024, 1), name: "huge.tif" });
    expect(await post(huge, { cookie })).toMatchObject({
      status: 413,
      body: { newWorkError: expect.stringMatching(/larger than 40 MB/), title: "Too Large" },
    });
    const text = newWorkForm("Wrong Type", { bytes: Buffer.from("just words"), name: "notes.txt", type: "text/plain" });
    expect((await post(text, { cookie })).status).toBe(415);
    for (const slug of ["too-large", "wrong-type"]) {
      expect(await findDraft(testDb.database.db, `works/${slug}.md`)).toBeUndefined();
      expect(uploadedFor(slug)).toBeUndefined();
    }
    expect(fs.readdirSync(path.join(dataDir, "uploads-incoming"))).toEqual([]);
  });

  it("refuses a title with no letters or digits (400), keeping it", async () => {
    expect(await post(newWorkForm("***"), { cookie })).toMatchObject({
      status: 400,
      body: { newWorkError: expect.stringMatching(/at least one letter or digit/), title: "***" },
    });
    expect(await post(newWorkForm("   "), { cookie })).toMatchObject({
      status: 400,
      body: { newWorkError: "Give the new work a title." },
    });
  });
});
