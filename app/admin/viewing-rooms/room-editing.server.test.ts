import { verify } from "@node-rs/argon2";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Catalogue } from "#app/catalogue/catalogue.ts";
import { processContentStore } from "#app/content/content-store.server.ts";
import { viewingRoomEvents, viewingRoomLinks, viewingRooms, viewingRoomWorks } from "#app/db/viewing-room-schema.ts";
import { hashRoomToken, unsealRoomToken } from "#app/rooms/room-token.server.ts";
import {
  allTestEngines,
  createTestDatabase,
  engineAvailable,
  type TestDatabase,
} from "#tests/support/test-database.server.ts";
import { insertTestEnquiries } from "#tests/support/test-enquiries.server.ts";
import { searchCatalogue } from "./catalogue-search.server.ts";
import { createRoom, duplicateRoom, saveRoom, setRoomClosed } from "./room-editing.server.ts";
import { emptyRoomForm, ROOM_LIMITS, type RoomForm } from "./room-form.ts";
import { checkLinkForm, checkRoomForm, isSitePath, type RoomInput, readRoomForm } from "./room-input.server.ts";
import { createRoomLink, RoomLinkLimitError, renewRoomLink, revokeRoomLink } from "./room-links.server.ts";
import { getRoomForEditing, listRooms } from "./room-reading.server.ts";

// The sealing key is derived from AUTH_SECRET (getEnv reads it on first use, after this line).
process.env.AUTH_SECRET ??= "viewing-room-test-secret-0123456789abcdef";

const works = ["the-new-god", "brass-moth", "a-door-in-the-canopy"];

function input(overrides: Partial<RoomInput> = {}): RoomInput {
  return {
    title: "For Ada",
    introduction: "Three works chosen for you.",
    showPrice: true,
    showAvailability: true,
    showEdition: false,
    expiresAt: null,
    passcode: { kind: "keep" },
    downloads: [],
    works: works.map((slug, index) => ({ slug, note: `note ${index}`, price: index === 0 ? "AUD 12,000" : "" })),
    ...overrides,
  };
}

function form(fields: Array<[string, string]>): FormData {
  const data = new FormData();
  for (const [name, value] of fields) data.append(name, value);
  return data;
}

// The catalogue the routes hand these functions from the router context (decision 038).
const catalogue = processContentStore().catalogue();

function checked(raw: Partial<RoomForm>, isNew = true) {
  return checkRoomForm(
    { ...emptyRoomForm, title: "A room", ...raw },
    { isNew, now: new Date("2026-11-26T00:00:00Z"), catalogue },
  );
}

describe("the editor's form", () => {
  it("reads parallel work and download rows in the page's order and drops the blank download row", () => {
    const read = readRoomForm(
      form([
        ["title", " For Ada "],
        ["showPrice", "on"],
        ["workSlug", "brass-moth"],
        ["workNote", "first"],
        ["workPrice", ""],
        ["workSlug", "the-new-god"],
        ["workNote", ""],
        ["workPrice", "AUD 9,000"],
        ["downloadLabel", "Catalogue"],
        ["downloadPath", "/files/umbra-secrets-catalogue-full.pdf"],
        ["downloadLabel", ""],
        ["downloadPath", ""],
      ]),
      catalogue,
    );
    expect(read.works.map((work) => [work.slug, work.title, work.note, work.price])).toEqual([
      ["brass-moth", "Brass Moth", "first", ""],
      ["the-new-god", "The New God", "", "AUD 9,000"],
    ]);
    expect(read.downloads).toEqual([{ label: "Catalogue", path: "/files/umbra-secrets-catalogue-full.pdf" }]);
    expect([read.showPrice, read.showAvailability, read.showEdition]).toEqual([true, false, false]);
    const result = checkRoomForm(read, { isNew: true, catalogue });
    expect(result.ok && result.input.title).toBe("For Ada");
  });

  it("refuses rows that do not line up, and absurd row counts, as a forged form", () => {
    const thrown = (fields: Array<[string, string]>) => {
      try {
        readRoomForm(form(fields), catalogue);
      } catch (error) {
        return (error as { init?: ResponseInit }).init?.status;
      }
      return undefined;
    };
    expect(thrown([["workSlug", "brass-moth"]])).toBe(400);
    expect(thrown([["downloadLabel", "x"]])).toBe(400);
    const many = Array.from({ length: 121 }, () => [
      ["workSlug", "brass-moth"],
      ["workNote", ""],
      ["workPrice", ""],
    ]).flat() as Array<[string, string]>;
    expect(thrown(many)).toBe(413);
  });

  it("says what is wrong beside each field, 413 when over a size", () => {
    const bad = checked({
      title: " ",
      works: [
        { slug: "no-such-work", title: "", note: "", price: "" },
        { slug: "brass-moth", title: "", note: "", price: "" },
        { slug: "brass-moth", title: "", note: "", price: "" },
      ],
      downloads: [{ label: "PDF", path: "https://evil.example/x.pdf" }],
      expiresAt: "2026-02-30T10:00",
      passcode: "abc",
    });
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.status).toBe(400);
    expect(bad.errors.title).toBe("Give the room a title.");
    expect(bad.errors["works.0.slug"]).toBe("This work is not in the catalogue.");
    expect(bad.errors["works.2.slug"]).toBe("This work is already in the room.");
    expect(bad.errors["downloads.0.path"]).toMatch(/path on this site/);
    expect(bad.errors.expiresAt).toMatch(/YYYY-MM-DD/);
    expect(bad.errors.passcode).toMatch(/at least 4/);

    const big = checked({
      title: "t".repeat(ROOM_LIMITS.title + 1),
      introduction: "i".repeat(ROOM_LIMITS.introduction + 1),
      works: [{ slug: "brass-moth", title: "", note: "n".repeat(ROOM_LIMITS.note + 1), price: "" }],
    });
    expect(big.ok).toBe(false);
    if (big.ok) return;
    expect(big.status).toBe(413);
    expect(Object.keys(big.errors).sort()).toEqual(["introduction", "title", "works.0.note"]);

    const tooMany = checked({
      works: artworksSlugs(ROOM_LIMITS.works + 1).map((slug) => ({ slug, title: "", note: "", price: "" })),
    });
    expect(tooMany.ok === false && tooMany.errors.works).toBe(`A room holds at most ${ROOM_LIMITS.works} works.`);
    const atLimit = checked({
      works: artworksSlugs(ROOM_LIMITS.works).map((slug) => ({ slug, title: "", note: "", price: "" })),
      introduction: "i".repeat(ROOM_LIMITS.introduction),
    });
    expect(atLimit.ok).toBe(true);
  });

  it("reads expiry as UTC, refuses a past one for a new room, and the passcode as keep / set / remove", () => {
    const later = checked({ expiresAt: "2026-12-31T18:30", passcode: "open sesame" });
    expect(later.ok && later.input.expiresAt?.toISOString()).toBe("2026-12-31T18:30:00.000Z");
    expect(later.ok && later.input.passcode).toEqual({ kind: "set", value: "open sesame" });
    expect(checked({ expiresAt: "2025-01-01T00:00" }).ok).toBe(false);
    expect(checked({ removePasscode: true, passcode: "x" }).ok && checked({ removePasscode: true }).ok).toBe(true);
    const removed = checked({ removePasscode: true });
    expect(removed.ok && removed.input.passcode).toEqual({ kind: "remove" });
    const kept = checked({});
    expect(kept.ok && kept.input.passcode).toEqual({ kind: "keep" });
  });

  it("takes only site paths as downloads", () => {
    for (const good of [
      "/files/umbra-secrets-catalogue-full.pdf",
      "/files/certificate%20no.%203.pdf",
      "/art/brass-moth",
    ]) {
      expect(isSitePath(good), good).toBe(true);
    }
    for (const bad of [
      "",
      "files/x.pdf",
      "//evil.example/x.pdf",
      "https://evil.example/x.pdf",
      "javascript:alert(1)",
      "/files/../../etc/passwd",
      "/files/%2e%2e/x",
      "/\\evil.example",
      "/files/x.pdf\n",
      "/files/<script>",
      "/files/%zz",
    ]) {
      expect(isSitePath(bad), bad).toBe(false);
    }
  });

  it("checks a link's note, expiry and passcode", () => {
    const now = new Date("2026-11-26T00:00:00Z");
    const ok = checkLinkForm(
      form([
        ["linkNote", " for Ada, Basel "],
        ["linkExpiresAt", "2027-01-31T12:00"],
      ]),
      now,
    );
    expect(ok).toEqual({
      ok: true,
      input: { note: "for Ada, Basel", expiresAt: new Date("2027-01-31T12:00:00Z"), passcode: null },
    });
    const long = checkLinkForm(form([["linkNote", "n".repeat(ROOM_LIMITS.note + 1)]]), now);
    expect(long.ok === false && long.status).toBe(413);
    expect(checkLinkForm(form([["linkExpiresAt", "2020-01-01T00:00"]]), now).ok).toBe(false);
    expect(checkLinkForm(form([["linkPasscode", "ab"]]), now).ok).toBe(false);
  });

  it("finds works by title, series or year", () => {
    expect(searchCatalogue(catalogue, "new god").map((work) => work.slug)).toContain("the-new-god");
    const secrets = searchCatalogue(catalogue, "secrets");
    expect(secrets.length).toBeGreaterThan(1);
    expect(secrets.every((work) => work.series.startsWith("Secrets"))).toBe(true);
    expect(searchCatalogue(catalogue, "  ")).toEqual([]);
    expect(searchCatalogue(catalogue, "zzzz-nothing")).toEqual([]);
  });

  it("reads the works from the catalogue it is given, not the process's", () => {
    // A catalogue without The New God, as the store may hold once content is edited at run time.
    const without = new Catalogue(
      processContentStore()
        .snapshot()
        .collections.works.filter((work) => work.slug !== "the-new-god"),
    );
    expect(searchCatalogue(without, "new god")).toEqual([]);
    const row = { slug: "the-new-god", title: "The New God", note: "", price: "" };
    const refused = checkRoomForm(
      { ...emptyRoomForm, title: "A room", works: [row] },
      { isNew: true, catalogue: without },
    );
    expect(refused.ok === false && refused.errors["works.0.slug"]).toBe("This work is not in the catalogue.");
    expect(checkRoomForm({ ...emptyRoomForm, title: "A room", works: [row] }, { isNew: true, catalogue }).ok).toBe(
      true,
    );
  });
});

function artworksSlugs(count: number): string[] {
  const slugs = [
    ...new Set(
      processContentStore()
        .catalogue()
        .artworks.map((work) => work.slug),
    ),
  ];
  while (slugs.length < count) slugs.push(`${slugs[0]}`);
  return slugs.slice(0, count);
}

for (const engine of allTestEngines) {
  describe.runIf(engineAvailable(engine))(`viewing rooms, the studio's side, on ${engine}`, { timeout: 60_000 }, () => {
    let testDb: TestDatabase;
    let db: TestDatabase["database"]["db"];
    beforeAll(async () => {
      testDb = await createTestDatabase(engine);
      db = testDb.database.db;
    });
    afterAll(async () => {
      await testDb?.destroy();
    });

    it("creates a room with its works in order and a hashed passcode, and lists it", async () => {
      const room = await createRoom(db, input({ passcode: { kind: "set", value: "quiet river" } }));
      expect(room.revision).toBe(1);
      const [row] = await db.select().from(viewingRooms).where(eq(viewingRooms.id, room.id));
      expect(row?.passcodeHash).toMatch(/^\$argon2id\$/);
      expect(await verify(row!.passcodeHash!, "quiet river")).toBe(true);
      const editing = await getRoomForEditing(db, catalogue, room.id);
      expect(editing?.works.map((work) => [work.slug, work.title, work.note, work.price])).toEqual([
        ["the-new-god", "The New God", "note 0", "AUD 12,000"],
        ["brass-moth", "Brass Moth", "note 1", ""],
        ["a-door-in-the-canopy", "A Door in the Canopy", "note 2", ""],
      ]);
      expect(editing).toMatchObject({ hasPasscode: true, state: "open", showEdition: false, links: [] });
      expect(JSON.stringify(editing)).not.toContain("argon2");
      const listed = (await listRooms(db)).find((entry) => entry.id === room.id);
      expect(listed).toMatchObject({
        title: "For Ada",
        works: 3,
        links: 0,
        visits: 0,
        lastOpenedAt: null,
        state: "open",
      });
    });

    it("saves an edit (reordered, one removed), bumps the revision, and refuses a stale save", async () => {
      const room = await createRoom(db, input());
      const reordered = input({
        title: "For Ada, reordered",
        works: [
          { slug: "a-door-in-the-canopy", note: "now first", price: "" },
          { slug: "the-new-god", note: "", price: "on request" },
        ],
      });
      const saved = await saveRoom(db, room.id, 1, reordered);
      expect(saved).toEqual({ ok: true, revision: 2 });
      const editing = await getRoomForEditing(db, catalogue, room.id);
      expect(editing?.works.map((work) => work.slug)).toEqual(["a-door-in-the-canopy", "the-new-god"]);
      expect(editing?.title).toBe("For Ada, reordered");
      // A second tab still on revision 1: refused, and nothing of the first save is undone.
      const stale = await saveRoom(db, room.id, 1, input({ title: "Stale" }));
      expect(stale).toEqual({ ok: false, reason: "conflict", latestRevision: 2 });
      expect((await getRoomForEditing(db, catalogue, room.id))?.title).toBe("For Ada, reordered");
      expect(await saveRoom(db, 999_999, 1, input())).toEqual({ ok: false, reason: "not-found" });
    });

    it("lets only one of two concurrent saves from the same revision through", async () => {
      const room = await createRoom(db, input());
      const outcomes = await Promise.all([
        saveRoom(db, room.id, 1, input({ title: "Tab A" })),
        saveRoom(db, room.id, 1, input({ title: "Tab B", works: [{ slug: "brass-moth", note: "", price: "" }] })),
      ]);
      expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
      expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([{ ok: false, reason: "conflict", latestRevision: 2 }]);
      const editing = await getRoomForEditing(db, catalogue, room.id);
      const winner = outcomes[0]?.ok ? "Tab A" : "Tab B";
      expect(editing?.title).toBe(winner);
      expect(editing?.works).toHaveLength(winner === "Tab A" ? 3 : 1);
    });

    it("changes and removes the passcode, keeping it when nothing is typed", async () => {
      const room = await createRoom(db, input({ passcode: { kind: "set", value: "first code" } }));
      const hashOf = async () =>
        (await db.select().from(viewingRooms).where(eq(viewingRooms.id, room.id)))[0]?.passcodeHash ?? null;
      const first = await hashOf();
      await saveRoom(db, room.id, 1, input());
      expect(await hashOf()).toBe(first);
      await saveRoom(db, room.id, 2, input({ passcode: { kind: "set", value: "second code" } }));
      expect(await verify((await hashOf())!, "second code")).toBe(true);
      await saveRoom(db, room.id, 3, input({ passcode: { kind: "remove" } }));
      expect(await hashOf()).toBeNull();
    });

    it("duplicates a room without its links, and closes and reopens it", async () => {
      const room = await createRoom(db, input({ downloads: [{ label: "Catalogue", path: "/files/x.pdf" }] }));
      await createRoomLink(db, room.id, { note: "for Ada", expiresAt: null, passcode: null });
      const copyId = await duplicateRoom(db, room.id);
      const copy = await getRoomForEditing(db, catalogue, copyId!);
      expect(copy).toMatchObject({ title: "For Ada (copy)", revision: 1, links: [], state: "open" });
      expect(copy?.works.map((work) => work.slug)).toEqual(works);
      expect(copy?.downloads).toEqual([{ label: "Catalogue", path: "/files/x.pdf" }]);
      expect(await duplicateRoom(db, 999_999)).toBeUndefined();

      expect(await setRoomClosed(db, room.id, true)).toBe(true);
      const closed = await getRoomForEditing(db, catalogue, room.id);
      expect(closed?.state).toBe("closed");
      expect((await listRooms(db)).find((row) => row.id === room.id)?.state).toBe("closed");
      expect(await setRoomClosed(db, room.id, false)).toBe(true);
      expect((await getRoomForEditing(db, catalogue, room.id))?.state).toBe("open");
      expect(await setRoomClosed(db, 999_999, true)).toBe(false);
      const past = await createRoom(db, input({ expiresAt: new Date(Date.now() - 60_000) }));
      expect((await getRoomForEditing(db, catalogue, past.id))?.state).toBe("expired");
    });

    it("stores a link's token only hashed and sealed, and shows it again unsealed", async () => {
      const room = await createRoom(db, input());
      const link = await createRoomLink(db, room.id, {
        note: "for Ada, Basel",
        expiresAt: null,
        passcode: "link code",
      });
      expect(link?.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const [row] = await db.select().from(viewingRoomLinks).where(eq(viewingRoomLinks.id, link!.id));
      expect(row?.tokenHash).toBe(hashRoomToken(link!.token));
      expect(unsealRoomToken(row!.tokenSealed)).toBe(link!.token);
      // Nowhere in the row, nor anywhere in the database, is the token itself.
      expect(JSON.stringify(row)).not.toContain(link!.token);
      const dump = await db.execute(sql`select to_jsonb(l)::text as row from viewing_room_links l`);
      expect(dump.rows.map((r) => String((r as { row: string }).row)).join("\n")).not.toContain(link!.token);
      expect(await verify(row!.passcodeHash!, "link code")).toBe(true);
      const editing = await getRoomForEditing(db, catalogue, room.id);
      expect(editing?.links).toHaveLength(1);
      expect(editing?.links[0]).toMatchObject({
        note: "for Ada, Basel",
        token: link!.token,
        hasPasscode: true,
        state: "active",
      });
      expect(await createRoomLink(db, 999_999, { note: "", expiresAt: null, passcode: null })).toBeUndefined();
    });

    it("revokes a link alone, and renews one: the old revoked and pointing at the new", async () => {
      const room = await createRoom(db, input());
      const ada = await createRoomLink(db, room.id, { note: "for Ada", expiresAt: null, passcode: "ada code" });
      const ben = await createRoomLink(db, room.id, { note: "for Ben", expiresAt: null, passcode: null });
      const other = await createRoom(db, input());
      // Another room's link number is not this room's.
      expect(await revokeRoomLink(db, other.id, ben!.id)).toBe(false);
      expect(await renewRoomLink(db, other.id, ada!.id)).toBeUndefined();

      expect(await revokeRoomLink(db, room.id, ben!.id)).toBe(true);
      expect(await revokeRoomLink(db, room.id, ben!.id)).toBe(false);
      const renewed = await renewRoomLink(db, room.id, ada!.id);
      expect(renewed?.token).not.toBe(ada!.token);
      expect(await renewRoomLink(db, room.id, ada!.id)).toBeUndefined();
      const links = await db.select().from(viewingRoomLinks).where(eq(viewingRoomLinks.roomId, room.id));
      const old = links.find((link) => link.id === ada!.id);
      const fresh = links.find((link) => link.id === renewed!.id);
      expect(old?.revokedAt).not.toBeNull();
      expect(old?.replacedById).toBe(renewed!.id);
      expect(fresh).toMatchObject({ note: "for Ada", revokedAt: null, passcodeHash: old?.passcodeHash });
      expect(links.find((link) => link.id === ben!.id)?.revokedAt).not.toBeNull();
      const editing = await getRoomForEditing(db, catalogue, room.id);
      expect(editing?.links.map((link) => [link.id, link.state])).toEqual([
        [renewed!.id, "active"],
        [ben!.id, "revoked"],
        [ada!.id, "revoked"],
      ]);
      expect((await listRooms(db)).find((row) => row.id === room.id)?.links).toBe(1);
    });

    it("refuses a link past the limit of links in use, even when added at once", async () => {
      const room = await createRoom(db, input());
      await db.insert(viewingRoomLinks).values(
        Array.from({ length: ROOM_LIMITS.links - 2 }, (_, index) => ({
          roomId: room.id,
          tokenHash: `filler-${engine}-${index}-${room.id}`,
          tokenSealed: "s1.x.y.z",
        })),
      );
      const attempts = await Promise.allSettled(
        [1, 2, 3, 4].map(() => createRoomLink(db, room.id, { note: "", expiresAt: null, passcode: null })),
      );
      expect(attempts.filter((attempt) => attempt.status === "fulfilled")).toHaveLength(2);
      const refused = attempts.filter((attempt) => attempt.status === "rejected");
      expect(refused).toHaveLength(2);
      expect((refused[0] as PromiseRejectedResult).reason).toBeInstanceOf(RoomLinkLimitError);
      // A sealed value that no longer opens (another secret) is shown as null, not an error.
      const editing = await getRoomForEditing(db, catalogue, room.id);
      expect(editing?.links.filter((link) => link.token === null)).toHaveLength(ROOM_LIMITS.links - 2);
    });

    it("reads each link's figures: opens, visits, works opened and zoomed, enquiries", async () => {
      const room = await createRoom(db, input());
      const ada = await createRoomLink(db, room.id, { note: "for Ada", expiresAt: null, passcode: null });
      const ben = await createRoomLink(db, room.id, { note: "for Ben", expiresAt: null, passcode: null });
      const first = new Date("2026-11-20T09:00:00Z");
      const last = new Date("2026-11-25T18:00:00Z");
      // What the collector's side writes.
      await db
        .update(viewingRoomLinks)
        .set({ firstOpenedAt: first, lastOpenedAt: last, visitCount: 3 })
        .where(eq(viewingRoomLinks.id, ada!.id));
      await db.insert(viewingRoomEvents).values([
        { linkId: ada!.id, kind: "visit" },
        { linkId: ada!.id, kind: "work-opened", workSlug: "brass-moth" },
        { linkId: ada!.id, kind: "work-opened", workSlug: "brass-moth" },
        { linkId: ada!.id, kind: "zoomed", workSlug: "brass-moth" },
        { linkId: ada!.id, kind: "work-opened", workSlug: "the-new-god" },
        { linkId: ada!.id, kind: "passcode-refused" },
        { linkId: ada!.id, kind: "enquiry", workSlug: "the-new-god" },
        { linkId: ben!.id, kind: "zoomed", workSlug: "a-door-in-the-canopy" },
      ]);
      const [enquiryId] = await insertTestEnquiries(db, [{ name: "Ada", roomLinkId: ada!.id }], { withMail: false });
      await insertTestEnquiries(db, [{ name: "Not from a room" }], { withMail: false });
      const editing = await getRoomForEditing(db, catalogue, room.id);
      const adaFigures = editing?.links.find((link) => link.id === ada!.id);
      expect(adaFigures).toMatchObject({
        firstOpenedAt: first,
        lastOpenedAt: last,
        visits: 3,
        passcodeRefusals: 1,
        enquiryIds: [enquiryId],
      });
      // In the room's order: The New God first, then Brass Moth.
      expect(adaFigures?.works).toEqual([
        { slug: "the-new-god", title: "The New God", opened: 1, zoomed: 0 },
        { slug: "brass-moth", title: "Brass Moth", opened: 2, zoomed: 1 },
      ]);
      const benFigures = editing?.links.find((link) => link.id === ben!.id);
      expect(benFigures).toMatchObject({ visits: 0, firstOpenedAt: null, enquiryIds: [], passcodeRefusals: 0 });
      expect(benFigures?.works).toEqual([
        { slug: "a-door-in-the-canopy", title: "A Door in the Canopy", opened: 0, zoomed: 1 },
      ]);
      const listed = (await listRooms(db)).find((row) => row.id === room.id);
      expect(listed).toMatchObject({ visits: 3, links: 2 });
      expect(listed?.lastOpenedAt?.toISOString()).toBe(last.toISOString());
    });

    it("removes a room's works with it and never leaves half a save", async () => {
      const room = await createRoom(db, input());
      // A work twice breaks the unique index half-way through the insert: the whole save rolls back.
      const broken = input({
        title: "Half saved?",
        works: [
          { slug: "brass-moth", note: "", price: "" },
          { slug: "brass-moth", note: "", price: "" },
        ],
      });
      await expect(saveRoom(db, room.id, 1, broken)).rejects.toThrow();
      const editing = await getRoomForEditing(db, catalogue, room.id);
      expect(editing).toMatchObject({ title: "For Ada", revision: 1 });
      expect(editing?.works).toHaveLength(3);
      const count = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(viewingRoomWorks)
        .where(eq(viewingRoomWorks.roomId, room.id));
      expect(Number(count[0]?.n)).toBe(3);
    });
  });
}
