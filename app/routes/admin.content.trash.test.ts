import { eq } from "drizzle-orm";
import pino from "pino";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { history, importIfEmpty, loadPublished } from "#app/content/content-documents.server.ts";
import { contentFolder } from "#app/content/content-registry.server.ts";
import { contentSyncContext } from "#app/content/content-sync.server.ts";
import { contentDir } from "#app/content-files/content-files.server.ts";
import { DocumentSource } from "#app/content-files/content-source.server.ts";
import { authUser as user } from "#app/db/auth-schema.ts";
import { databaseContext } from "#app/db/context.ts";
import { loggerContext } from "#app/observability/context.ts";
import { signedInAdminCookie } from "#tests/support/test-admin-session.server.ts";
import { createTestDatabase, engineAvailable, type TestDatabase } from "#tests/support/test-database.server.ts";
import { action as documentAction, loader as documentLoader } from "./admin.content.$.tsx";
import { action as trashAction, loader as trashLoader } from "./admin.content.trash.tsx";

process.env.AUTH_SECRET ??= "integration-test-auth-secret-0123456789abcdef";
process.env.PUBLIC_URL ??= "http://test";

const files = new DocumentSource(new Map(contentFolder(contentDir()).all()), "content");
let context: RouterContextProvider;

interface Answer {
  status: number;
  body: unknown;
  location?: string | null;
}

/** A route's answer (returned or thrown) as status, body and redirect. */
async function answerOf(run: () => unknown): Promise<Answer> {
  const read = async (value: unknown): Promise<Answer> => {
    if (value instanceof Response) {
      const text = await value.text();
      return { status: value.status, body: text, location: value.headers.get("Location") };
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

function request(address: string, fields?: Record<string, string>, init: { cookie?: string; origin?: string } = {}) {
  const headers = new Headers();
  if (init.cookie) headers.set("Cookie", init.cookie);
  if (fields) headers.set("Origin", init.origin ?? "http://test");
  return new Request(
    `http://test${address}`,
    fields ? { method: "POST", headers, body: new URLSearchParams(fields) } : { headers },
  );
}

describe.runIf(engineAvailable("pglite"))(
  "deleting to the Trash and restoring, through the routes",
  { timeout: 60_000 },
  () => {
    let testDb: TestDatabase;
    let cookie = "";
    let noFactorCookie = "";
    const WORK = "works/brass-moth.md";

    beforeAll(async () => {
      testDb = await createTestDatabase("pglite");
      await importIfEmpty(testDb.database.db, files);
      context = new RouterContextProvider();
      context.set(databaseContext, testDb.database);
      context.set(loggerContext, pino({ level: "silent" }));
      // One process: nothing to wait for after a change.
      context.set(contentSyncContext, undefined);
      const account = { email: "trash-admin@umbra.test", password: "trash test passphrase one" };
      cookie = await signedInAdminCookie(testDb.database, account);
      await testDb.database.db.update(user).set({ twoFactorEnabled: true }).where(eq(user.email, account.email));
      noFactorCookie = await signedInAdminCookie(testDb.database, {
        email: "trash-no-factor@umbra.test",
        password: "trash test passphrase two",
      });
    });
    afterAll(async () => testDb?.destroy());

    const editor = (path: string, fields?: Record<string, string>, init: { cookie?: string; origin?: string } = {}) =>
      answerOf(() => {
        const args = {
          request: request(`/admin/content/${path}`, fields, { cookie, ...init }),
          context,
          params: { "*": path },
        };
        return fields ? documentAction(args as never) : documentLoader(args as never);
      });
    const trash = (fields?: Record<string, string>, init: { cookie?: string; origin?: string } = {}) =>
      answerOf(() => {
        const args = { request: request("/admin/content/trash", fields, { cookie, ...init }), context, params: {} };
        return fields ? trashAction(args as never) : trashLoader(args as never);
      });
    const live = async (path: string) => (await loadPublished(testDb.database.db)).documents.has(path);

    it("refuses a delete or a restore without a second factor or from another site, changing nothing", async () => {
      expect((await editor(WORK, { intent: "delete", baseRevision: "1" }, { cookie: noFactorCookie })).status).toBe(
        403,
      );
      expect((await editor(WORK, { intent: "delete", baseRevision: "1" }, { origin: "http://evil.test" })).status).toBe(
        403,
      );
      expect((await trash({ intent: "restore", path: WORK }, { origin: "http://evil.test" })).status).toBe(403);
      expect(await live(WORK)).toBe(true);
    });

    it("refuses to delete a page the site needs, and a forged revision, in words", async () => {
      const page = await editor("pages/about.yaml", { intent: "delete", baseRevision: "1" });
      expect(page).toMatchObject({ status: 400, body: { removal: { problems: [/The site needs this page/] } } });
      const forged = await editor(WORK, { intent: "delete", baseRevision: "one" });
      expect(forged).toMatchObject({ status: 400, body: { removal: { problems: [/incomplete/] } } });
      const stale = await editor(WORK, { intent: "delete", baseRevision: "7" });
      expect(stale).toMatchObject({ status: 409, body: { removal: { problems: [/Not deleted: someone else/] } } });
      const hide = await editor("exhibitions/art-basel-miami-2023.yaml", { intent: "hide", baseRevision: "1" });
      expect(hide).toMatchObject({ status: 400, body: { removal: { problems: ["Only a work can be hidden."] } } });
      expect(await live(WORK)).toBe(true);
    });

    it("refuses deleting a work an exhibition shows, naming it", async () => {
      const answer = await editor("works/the-underworld.md", { intent: "delete", baseRevision: "1" });
      expect(answer.status).toBe(422);
      expect((answer.body as { removal: { problems: string[] } }).removal.problems[0]).toMatch(
        /^Not deleted: the site still needs it\. Exhibition “Solo Exhibition: London, 2024”: no work titled "The Underworld"/,
      );
      expect(await live("works/the-underworld.md")).toBe(true);
    });

    it("deletes to the Trash: the list says so, the editor's address offers Restore", async () => {
      const deleted = await editor(WORK, { intent: "delete", baseRevision: "1" });
      expect(deleted).toMatchObject({ status: 302, location: `/admin/content?deleted=${encodeURIComponent(WORK)}` });
      expect(await live(WORK)).toBe(false);
      // Sent twice (a second click): already in the Trash, the same answer.
      expect(await editor(WORK, { intent: "delete", baseRevision: "1" })).toMatchObject({ status: 302 });
      const listed = await trash();
      expect(listed.body).toMatchObject({
        state: "admin",
        items: [{ path: WORK, title: "Brass Moth", kind: "Work", deletedBy: "trash-admin@umbra.test", daysLeft: 30 }],
      });
      expect(await editor(WORK)).toMatchObject({
        status: 200,
        body: { state: "trashed", item: { title: "Brass Moth" } },
      });
    });

    it("refuses forged restores in words: not a document, not deleted, no path", async () => {
      expect(await trash({ intent: "restore", path: "../../etc/passwd" })).toMatchObject({
        status: 400,
        body: { restoreError: /not a document of the site/ },
      });
      expect(await trash({ intent: "restore", path: "works/cicada-psalm.md" })).toMatchObject({
        status: 404,
        body: { restoreError: /not in the Trash/ },
      });
      expect(await trash({ intent: "restore" })).toMatchObject({ status: 400 });
      expect(await trash({ intent: "empty", path: WORK })).toMatchObject({ status: 400 });
    });

    it("restores once when asked twice at once: one goes to the editor, the other is told, no error", async () => {
      const answers = await Promise.all([
        trash({ intent: "restore", path: WORK }),
        trash({ intent: "restore", path: WORK }),
      ]);
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses[0]).toBe(302);
      expect([404, 409]).toContain(statuses[1]);
      expect(answers.find((answer) => answer.status === 302)?.location).toBe(`/admin/content/${WORK}?restored=1`);
      expect(await live(WORK)).toBe(true);
      const kept = await history(testDb.database.db, WORK);
      expect(kept.map((revision) => revision.action)).toEqual(["restore", "delete", "import"]);
      expect((await trash()).body).toMatchObject({ items: [] });
    });

    it("hides a work instead: still in the studio, hidden on the site", async () => {
      const hidden = await editor(WORK, { intent: "hide", baseRevision: "3" });
      expect(hidden).toMatchObject({ status: 302, location: `/admin/content/${WORK}?hidden=1` });
      const data = (await loadPublished(testDb.database.db)).documents.get(WORK) as { hidden?: boolean };
      expect(data.hidden).toBe(true);
    });
  },
);
