import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authUser as user } from "#app/db/auth-schema.ts";
import { databaseContext } from "#app/db/context.ts";
import { viewingRoomLinks, viewingRooms } from "#app/db/viewing-room-schema.ts";
import { hashRoomToken } from "#app/rooms/room-token.server.ts";
import { signedInAdminCookie } from "#tests/support/test-admin-session.server.ts";
import {
  allTestEngines,
  createTestDatabase,
  engineAvailable,
  type TestDatabase,
} from "#tests/support/test-database.server.ts";
import { action as listAction, loader as listLoader } from "./admin.viewing-rooms._index.tsx";
import { action as roomAction, loader as roomLoader } from "./admin.viewing-rooms.$id.tsx";
import { action as newAction, loader as newLoader } from "./admin.viewing-rooms.new.tsx";
import { loader as worksLoader } from "./admin.viewing-rooms.works.ts";

process.env.AUTH_SECRET ??= "integration-test-auth-secret-0123456789abcdef";
process.env.PUBLIC_URL ??= "http://test";

type Handler = (args: never) => Promise<unknown>;

interface Answer {
  status: number;
  body: unknown;
  location?: string | null;
}

/** Calls a loader or action as React Router would, and reads its answer (returned or thrown). */
async function call(
  handler: Handler,
  path: string,
  init: {
    method?: "GET" | "POST";
    cookie?: string;
    origin?: string | null;
    form?: Array<[string, string]>;
    body?: BodyInit;
    contentType?: string;
    params?: Record<string, string>;
  } = {},
): Promise<Answer> {
  const headers = new Headers();
  if (init.cookie) headers.set("Cookie", init.cookie);
  if (init.method === "POST" && init.origin !== null) headers.set("Origin", init.origin ?? "http://test");
  let body: BodyInit | undefined = init.body;
  if (init.form) body = new URLSearchParams(init.form);
  if (init.contentType) headers.set("Content-Type", init.contentType);
  const request = new Request(`http://test${path}`, { method: init.method ?? "GET", headers, body });
  const read = async (value: unknown): Promise<Answer> => {
    if (value instanceof Response) {
      const text = await value.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {}
      return { status: value.status, body: parsed, location: value.headers.get("Location") };
    }
    if (value && typeof value === "object" && "init" in value && "data" in value) {
      const { init: responseInit, data } = value as { init: ResponseInit | null; data: unknown };
      return { status: responseInit?.status ?? 200, body: data };
    }
    return { status: 200, body: value };
  };
  try {
    return await read(await handler({ request, context, params: init.params ?? {} } as never));
  } catch (thrown) {
    return read(thrown);
  }
}

let context: RouterContextProvider;

/** The editor's form; an override replaces a single field of the same name (FormData.get reads the first). */
function roomForm(overrides: Array<[string, string]> = []): Array<[string, string]> {
  const single = new Set(["intent", "title", "introduction", "revision", "expiresAt", "passcode"]);
  const replaced = new Set(overrides.map(([name]) => name).filter((name) => single.has(name)));
  const base: Array<[string, string]> = [
    ["intent", "save"],
    ["title", "For Ada"],
    ["introduction", "Chosen for you."],
    ["showAvailability", "on"],
    ["workSlug", "the-new-god"],
    ["workNote", "Available to you until 31 January"],
    ["workPrice", "AUD 12,000"],
    ["workSlug", "brass-moth"],
    ["workNote", ""],
    ["workPrice", ""],
  ];
  return [...base.filter(([name]) => !replaced.has(name)), ...overrides];
}

for (const engine of allTestEngines) {
  describe.runIf(engineAvailable(engine))(`/admin/viewing-rooms on ${engine}`, { timeout: 60_000 }, () => {
    let testDb: TestDatabase;
    let cookie = "";
    let noFactorCookie = "";
    let roomId = 0;

    beforeAll(async () => {
      testDb = await createTestDatabase(engine);
      context = new RouterContextProvider();
      context.set(databaseContext, testDb.database);
      const account = { email: `rooms-admin-${engine}@umbra.test`, password: "viewing rooms test passphrase" };
      cookie = await signedInAdminCookie(testDb.database, account);
      // The studio's admin has a verified authenticator (its session then is level 2).
      await testDb.database.db.update(user).set({ twoFactorEnabled: true }).where(eq(user.email, account.email));
      noFactorCookie = await signedInAdminCookie(testDb.database, {
        email: `rooms-no-factor-${engine}@umbra.test`,
        password: "viewing rooms second passphrase",
      });
    });
    afterAll(async () => {
      await testDb?.destroy();
    });

    it("signed out: the pages answer the sign-in form with 401, writes and the search API 401", async () => {
      for (const [handler, path, params] of [
        [listLoader, "/admin/viewing-rooms", {}],
        [newLoader, "/admin/viewing-rooms/new", {}],
        [roomLoader, "/admin/viewing-rooms/1", { id: "1" }],
      ] as const) {
        const answer = await call(handler as Handler, path, { params });
        expect(answer.status, path).toBe(401);
        expect(answer.body).toEqual({ state: "login" });
      }
      const created = await call(newAction as Handler, "/admin/viewing-rooms/new", {
        method: "POST",
        form: roomForm(),
      });
      expect(created.status).toBe(401);
      const closed = await call(roomAction as Handler, "/admin/viewing-rooms/1", {
        method: "POST",
        form: [["intent", "close"]],
        params: { id: "1" },
      });
      expect(closed.status).toBe(401);
      expect((await call(worksLoader as Handler, "/admin/viewing-rooms/works?q=moth")).status).toBe(401);
      expect(await testDb.database.db.select().from(viewingRooms)).toEqual([]);
    });

    it("without a second factor: 403 and where to add one, nothing written", async () => {
      const page = await call(listLoader as Handler, "/admin/viewing-rooms", { cookie: noFactorCookie });
      expect(page).toMatchObject({ status: 403, body: { state: "needs-factor" } });
      const created = await call(newAction as Handler, "/admin/viewing-rooms/new", {
        method: "POST",
        cookie: noFactorCookie,
        form: roomForm(),
      });
      expect(created.status).toBe(403);
      expect(String((created.body as { error: string }).error)).toMatch(/authenticator app/);
      const works = await call(worksLoader as Handler, "/admin/viewing-rooms/works?q=moth", { cookie: noFactorCookie });
      expect(works.status).toBe(403);
      expect(await testDb.database.db.select().from(viewingRooms)).toEqual([]);
    });

    it("another origin's write is refused with 403 even with the studio's session, and so is one without Origin", async () => {
      for (const origin of ["https://evil.example", "null", null]) {
        const answer = await call(newAction as Handler, "/admin/viewing-rooms/new", {
          method: "POST",
          cookie,
          origin,
          form: roomForm(),
        });
        expect(answer.status, String(origin)).toBe(403);
      }
      expect(await testDb.database.db.select().from(viewingRooms)).toEqual([]);
    });

    it("creates a room with a plain POST, then lists and opens it", async () => {
      const created = await call(newAction as Handler, "/admin/viewing-rooms/new", {
        method: "POST",
        cookie,
        form: roomForm([["passcode", "quiet river"]]),
      });
      expect(created.status).toBe(302);
      const match = /^\/admin\/viewing-rooms\/(\d+)\?created=1$/.exec(created.location ?? "");
      expect(match).not.toBeNull();
      roomId = Number(match?.[1]);
      const list = await call(listLoader as Handler, "/admin/viewing-rooms", { cookie });
      expect((list.body as { rooms: unknown[] }).rooms).toEqual([
        expect.objectContaining({ id: roomId, title: "For Ada", works: 2, links: 0, state: "open" }),
      ]);
      const page = await call(roomLoader as Handler, `/admin/viewing-rooms/${roomId}`, {
        cookie,
        params: { id: String(roomId) },
      });
      const body = page.body as {
        room: { hasPasscode: boolean; revision: number };
        form: { works: unknown[]; passcode: string };
      };
      expect(body.room).toMatchObject({ hasPasscode: true, revision: 1 });
      expect(body.form.passcode).toBe("");
      expect(JSON.stringify(body)).not.toContain("argon2");
      expect(body.form.works).toEqual([
        { slug: "the-new-god", title: "The New God", note: "Available to you until 31 January", price: "AUD 12,000" },
        { slug: "brass-moth", title: "Brass Moth", note: "", price: "" },
      ]);
    });

    it("searches the catalogue through the API and the form, bounded", async () => {
      const api = await call(worksLoader as Handler, "/admin/viewing-rooms/works?q=new%20god", { cookie });
      expect((api.body as { results: { slug: string }[] }).results.map((work) => work.slug)).toContain("the-new-god");
      const long = await call(worksLoader as Handler, `/admin/viewing-rooms/works?q=${"a".repeat(101)}`, { cookie });
      expect(long.status).toBe(400);
      // Without JavaScript: the Find button posts the form and gets it back with the results.
      const step = await call(newAction as Handler, "/admin/viewing-rooms/new", {
        method: "POST",
        cookie,
        form: [...roomForm().filter(([name]) => name !== "intent"), ["intent", "search"], ["search", "brass"]],
      });
      expect(step.status).toBe(200);
      const answered = step.body as { form: { title: string; works: unknown[] }; results: { slug: string }[] };
      expect(answered.form.title).toBe("For Ada");
      expect(answered.form.works).toHaveLength(2);
      expect(answered.results.map((work) => work.slug)).toContain("brass-moth");
      const moved = await call(newAction as Handler, "/admin/viewing-rooms/new", {
        method: "POST",
        cookie,
        form: [...roomForm().filter(([name]) => name !== "intent"), ["intent", "down:0"]],
      });
      expect((moved.body as { form: { works: { slug: string }[] } }).form.works.map((work) => work.slug)).toEqual([
        "brass-moth",
        "the-new-god",
      ]);
    });

    it("saves an edit, refuses a stale one with 409 and the typed form, and saves over it when asked", async () => {
      const path = `/admin/viewing-rooms/${roomId}`;
      const params = { id: String(roomId) };
      const first = await call(roomAction as Handler, path, {
        method: "POST",
        cookie,
        params,
        form: roomForm([
          ["title", "For Ada, edited"],
          ["revision", "1"],
        ]),
      });
      expect(first).toMatchObject({ status: 200, body: { savedRevision: 2, message: "Saved." } });
      const stale = await call(roomAction as Handler, path, {
        method: "POST",
        cookie,
        params,
        form: roomForm([
          ["title", "Typed in the other tab"],
          ["revision", "1"],
        ]),
      });
      expect(stale.status).toBe(409);
      expect(stale.body).toMatchObject({
        latestRevision: 2,
        baseRevision: 1,
        form: { title: "Typed in the other tab" },
      });
      const over = await call(roomAction as Handler, path, {
        method: "POST",
        cookie,
        params,
        form: roomForm([
          ["title", "Typed in the other tab"],
          ["revision", "1"],
          ["intent", "save-over:2"],
        ]).filter(([name, value]) => !(name === "intent" && value === "save")),
      });
      expect(over).toMatchObject({ status: 200, body: { savedRevision: 3 } });
      const [row] = await testDb.database.db.select().from(viewingRooms).where(eq(viewingRooms.id, roomId));
      expect(row).toMatchObject({ title: "Typed in the other tab", revision: 3 });
    });

    it("makes a link shown with PUBLIC_URL, stored hashed and sealed; revokes and renews it", async () => {
      const path = `/admin/viewing-rooms/${roomId}`;
      const params = { id: String(roomId) };
      const made = await call(roomAction as Handler, path, {
        method: "POST",
        cookie,
        params,
        form: [
          ["intent", "add-link"],
          ["linkNote", "for Ada, Basel"],
        ],
      });
      expect(made.status).toBe(200);
      const linkId = (made.body as { freshLinkId: number }).freshLinkId;
      const page = await call(roomLoader as Handler, path, { cookie, params });
      const links = (page.body as { links: { id: number; url: string; note: string }[] }).links;
      expect(links).toHaveLength(1);
      expect(links[0]?.note).toBe("for Ada, Basel");
      const token = /^http:\/\/test\/rooms\/([A-Za-z0-9_-]{43})$/.exec(links[0]?.url ?? "")?.[1];
      expect(token).toBeDefined();
      const [stored] = await testDb.database.db.select().from(viewingRoomLinks).where(eq(viewingRoomLinks.id, linkId));
      expect(stored?.tokenHash).toBe(hashRoomToken(token!));
      expect(JSON.stringify(stored)).not.toContain(token!);

      const renewed = await call(roomAction as Handler, path, {
        method: "POST",
        cookie,
        params,
        form: [
          ["intent", "renew-link"],
          ["linkId", String(linkId)],
        ],
      });
      const freshId = (renewed.body as { freshLinkId: number }).freshLinkId;
      expect(freshId).not.toBe(linkId);
      const [old] = await testDb.database.db.select().from(viewingRoomLinks).where(eq(viewingRoomLinks.id, linkId));
      expect(old).toMatchObject({ replacedById: freshId });
      expect(old?.revokedAt).not.toBeNull();
      const again = await call(roomAction as Handler, path, {
        method: "POST",
        cookie,
        params,
        form: [
          ["intent", "renew-link"],
          ["linkId", String(linkId)],
        ],
      });
      expect(again.status).toBe(404);
      const revoked = await call(roomAction as Handler, path, {
        method: "POST",
        cookie,
        params,
        form: [
          ["intent", "revoke-link"],
          ["linkId", String(freshId)],
        ],
      });
      expect(revoked.status).toBe(200);
      const closed = await call(roomAction as Handler, path, {
        method: "POST",
        cookie,
        params,
        form: [["intent", "close"]],
      });
      expect(closed.status).toBe(200);
      const [room] = await testDb.database.db.select().from(viewingRooms).where(eq(viewingRooms.id, roomId));
      expect(room?.closedAt).not.toBeNull();
      const duplicated = await call(roomAction as Handler, path, {
        method: "POST",
        cookie,
        params,
        form: [["intent", "duplicate"]],
      });
      expect(duplicated.status).toBe(302);
      expect(duplicated.location).toMatch(/^\/admin\/viewing-rooms\/\d+\?duplicated=1$/);
    });

    it("refuses forged, malformed and oversized input with a 4xx and a sentence, never 5xx", async () => {
      const path = `/admin/viewing-rooms/${roomId}`;
      const params = { id: String(roomId) };
      const post = (form: Array<[string, string]>, at = params) =>
        call(roomAction as Handler, `/admin/viewing-rooms/${at.id}`, { method: "POST", cookie, params: at, form });
      const cases: Array<[string, Promise<Answer>, number]> = [
        [
          "not a number",
          call(roomLoader as Handler, "/admin/viewing-rooms/abc", { cookie, params: { id: "abc" } }),
          400,
        ],
        [
          "huge number",
          call(roomLoader as Handler, "/admin/viewing-rooms/99999999999", { cookie, params: { id: "99999999999" } }),
          400,
        ],
        [
          "unknown room",
          call(roomLoader as Handler, "/admin/viewing-rooms/999999", { cookie, params: { id: "999999" } }),
          404,
        ],
        ["unknown intent", post([["intent", "publish"]]), 400],
        ["save without revision", post(roomForm()), 400],
        ["save unknown room", post(roomForm([["revision", "1"]]), { id: "999999" }), 404],
        ["rows not lined up", post([...roomForm([["revision", "3"]]), ["workSlug", "brass-moth"]]), 400],
        [
          "unknown work",
          post(
            roomForm([
              ["revision", "3"],
              ["workSlug", "no-such-work"],
              ["workNote", ""],
              ["workPrice", ""],
            ]),
          ),
          400,
        ],
        [
          "title too long",
          post(
            roomForm([
              ["revision", "3"],
              ["title", "t".repeat(201)],
            ]),
          ),
          413,
        ],
        [
          "introduction too long",
          post(
            roomForm([
              ["revision", "3"],
              ["introduction", "i".repeat(20_001)],
            ]),
          ),
          413,
        ],
        [
          "download off site",
          post(
            roomForm([
              ["revision", "3"],
              ["downloadLabel", "PDF"],
              ["downloadPath", "https://evil.example/a.pdf"],
            ]),
          ),
          400,
        ],
        [
          "bad expiry",
          post(
            roomForm([
              ["revision", "3"],
              ["expiresAt", "tomorrow"],
            ]),
          ),
          400,
        ],
        [
          "link note too long",
          post([
            ["intent", "add-link"],
            ["linkNote", "n".repeat(501)],
          ]),
          413,
        ],
        [
          "link id not a number",
          post([
            ["intent", "revoke-link"],
            ["linkId", "1; drop table"],
          ]),
          400,
        ],
        [
          "another room's link",
          post([
            ["intent", "revoke-link"],
            ["linkId", "999999"],
          ]),
          404,
        ],
        ["add an unknown work", post([["intent", "add:../../etc"]]), 400],
        ["move past the list", post([["intent", "up:7"]]), 400],
        [
          "JSON body",
          call(roomAction as Handler, path, {
            method: "POST",
            cookie,
            params,
            body: JSON.stringify({ intent: "close" }),
            contentType: "application/json",
          }),
          415,
        ],
        [
          "list's unknown action",
          call(listAction as Handler, "/admin/viewing-rooms", { method: "POST", cookie, form: [["intent", "x"]] }),
          400,
        ],
      ];
      for (const [name, pending, expected] of cases) {
        const answer = await pending;
        expect(answer.status, name).toBe(expected);
        const said = typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body);
        expect(said.length, name).toBeGreaterThan(10);
      }
      const tooLong = await post(
        roomForm([
          ["revision", "3"],
          ["title", "t".repeat(201)],
        ]),
      );
      expect(tooLong.body).toMatchObject({ errors: { title: "A title can be at most 200 characters." } });
      expect((tooLong.body as { form: { title: string } }).form.title).toHaveLength(201);
      const [row] = await testDb.database.db.select().from(viewingRooms).where(eq(viewingRooms.id, roomId));
      expect(row).toMatchObject({ title: "Typed in the other tab", revision: 3 });
    });
  });
}
