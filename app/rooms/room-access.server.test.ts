import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { processContentStore } from "#app/content/content-store.server.ts";
import type { AppDatabase } from "#app/db/database.server.ts";
import { enquiries } from "#app/db/enquiry-schema.ts";
import { outgoingMail } from "#app/db/mail-schema.ts";
import { authRateLimit } from "#app/db/schema.ts";
import { viewingRoomEvents, viewingRoomLinks, viewingRooms } from "#app/db/viewing-room-schema.ts";
import { issueFormToken } from "#app/enquiries/form-token.server.ts";
import { submitEnquiry } from "#app/enquiries/submit-enquiry.server.ts";
import {
  allTestEngines,
  createTestDatabase,
  engineAvailable,
  type TestDatabase,
} from "#tests/support/test-database.server.ts";
import { createTestLink, createTestRoom, renewTestLink } from "#tests/support/test-rooms.server.ts";
import {
  findRoomLink,
  hasPasscodeCookie,
  PASSCODE_COOKIE,
  passcodeCookie,
  roomLimitRules,
  tryPasscode,
  VISIT_COOKIE,
} from "./room-access.server.ts";
import { enterRoom, introductionHtml, roomWorkView } from "./room-gate.server.ts";
import { generateRoomToken } from "./room-token.server.ts";
import { countVisit } from "./room-visit.server.ts";

process.env.AUTH_SECRET = "room-test-secret-0123456789-abcdefghijkl";
process.env.PUBLIC_URL = "https://umbra.example";
process.env.STUDIO_EMAIL = "studio@umbra.test";
const ORIGIN = "https://umbra.example";

let addressCount = 0;
/** A fresh client address per use, so one test's allowance never spends another's. */
const nextAddress = () => `203.0.113.${++addressCount % 250}-${addressCount}`;

const roomRequest = (token: string, cookie?: string, init: { agent?: string; method?: string } = {}) =>
  new Request(`${ORIGIN}/rooms/${token}`, {
    method: init.method ?? "GET",
    headers: {
      ...(cookie ? { cookie } : {}),
      "user-agent": init.agent ?? "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130 Safari/537.36",
    },
  });

/** The status a room route answers for a request: 200 when in, else the thrown answer's. */
async function statusOf(promise: Promise<unknown>): Promise<number | "passcode"> {
  try {
    const gate = (await promise) as { state: string };
    return gate.state === "passcode" ? "passcode" : 200;
  } catch (error) {
    const init = (error as { init?: { status?: number } }).init;
    if (init?.status) return init.status;
    throw error;
  }
}

/** The cookie value from a Set-Cookie line, as a browser would send it back. */
const sentBack = (setCookie: string) => setCookie.split(";")[0] ?? "";

/** A database whose every use fails the test: a malformed token must never reach it. */
const untouchable = new Proxy(
  {},
  {
    get() {
      throw new Error("the database was queried");
    },
  },
) as AppDatabase;

for (const engine of allTestEngines) {
  describe.runIf(engineAvailable(engine))(`viewing-room access on ${engine}`, () => {
    let testDb: TestDatabase;
    let db: AppDatabase;

    beforeAll(async () => {
      testDb = await createTestDatabase(engine);
      db = testDb.database.db;
    }, 60_000);
    afterAll(async () => {
      await testDb.destroy();
    });
    beforeEach(async () => {
      await db.delete(authRateLimit);
    });

    it("answers a malformed token 404 without a query", async () => {
      for (const token of ["", "short", `${generateRoomToken()}x`, "../../admin", `${"a".repeat(42)}=`]) {
        expect(await findRoomLink(untouchable, token, nextAddress())).toEqual({ kind: "not-found" });
        expect(await statusOf(enterRoom(untouchable, roomRequest("x"), token, nextAddress()))).toBe(404);
      }
    });

    it("opens a room: its works in the studio's order with their notes and prices", async () => {
      const room = await createTestRoom(db, {
        title: "For Ada",
        showPrice: true,
        works: [
          { slug: "the-new-god", note: "Available to you until 31 January", price: "AUD 12,000" },
          { slug: "the-trinket-maker" },
          { slug: "not-a-work-in-the-catalogue" },
          { slug: "moss-oracle", note: "edition 3 of 8" },
        ],
      });
      const gate = await enterRoom(db, roomRequest(room.token), room.token, nextAddress());
      expect(gate.state).toBe("open");
      if (gate.state !== "open") return;
      expect(gate.room.title).toBe("For Ada");
      expect(gate.works.map((work) => [work.artwork.slug, work.note, work.price])).toEqual([
        ["the-new-god", "Available to you until 31 January", "AUD 12,000"],
        ["the-trinket-maker", "", ""],
        ["moss-oracle", "edition 3 of 8", ""],
      ]);
      const views = gate.works.map((work) => roomWorkView(gate.room, work));
      expect(views.map((view) => view.price)).toEqual(["AUD 12,000", "Price on request", "Price on request"]);
    });

    it("leaves out, on the server, the facts a room does not show", async () => {
      const room = await createTestRoom(db, { showPrice: false, showAvailability: false, showEdition: false });
      const gate = await enterRoom(db, roomRequest(room.token), room.token, nextAddress());
      if (gate.state !== "open") throw new Error("room not open");
      const [work] = gate.works;
      const view = roomWorkView(gate.room, work!, { line: "Edition of 8 · 6 available", size: 8 });
      expect(view.price).toBeNull();
      expect(view.artwork.availability).toBe("");
      expect(view.label.edition).toBeUndefined();
      // The ledger's line is availability too (issue 40): not in the page, not even an empty line to fill.
      expect(view.edition).toBeNull();
      const shown = await createTestRoom(db, { showAvailability: true });
      const open = await enterRoom(db, roomRequest(shown.token), shown.token, nextAddress());
      if (open.state !== "open") throw new Error("room not open");
      const openView = roomWorkView(open.room, open.works[0]!, { line: "Edition of 8 · 6 available", size: 8 });
      expect(openView.edition).toBe("Edition of 8 · 6 available");
      // The label's edition is the ledger's, not the description's "Edition: 1 of 1".
      expect(openView.label.edition?.size).toBe(8);
    });

    it("answers 404 for an unknown token and for a renewed link's old token; the new one opens", async () => {
      expect(await statusOf(enterRoom(db, roomRequest("x"), generateRoomToken(), nextAddress()))).toBe(404);
      const room = await createTestRoom(db);
      const renewed = await renewTestLink(db, room.linkId);
      expect(await statusOf(enterRoom(db, roomRequest(room.token), room.token, nextAddress()))).toBe(404);
      expect(await statusOf(enterRoom(db, roomRequest(renewed.token), renewed.token, nextAddress()))).toBe(200);
    });

    it("answers 410 for a closed room, an expired room, a revoked link and an expired link", async () => {
      const past = new Date(Date.now() - 60_000);
      const future = new Date(Date.now() + 60 * 60_000);
      const cases = [
        [await createTestRoom(db, { closedAt: past }), "room-closed"],
        [await createTestRoom(db, { expiresAt: past }), "room-expired"],
        [await createTestRoom(db, { link: { revokedAt: past } }), "link-revoked"],
        [await createTestRoom(db, { link: { expiresAt: past } }), "link-expired"],
      ] as const;
      for (const [room, reason] of cases) {
        expect(await findRoomLink(db, room.token, nextAddress())).toEqual({ kind: "gone", reason });
        expect(await statusOf(enterRoom(db, roomRequest(room.token), room.token, nextAddress()))).toBe(410);
      }
      // Closing a room closes every link to it at once.
      const open = await createTestRoom(db, { expiresAt: future, link: { expiresAt: future } });
      const second = await createTestLink(db, open.roomId);
      expect(await statusOf(enterRoom(db, roomRequest(second.token), second.token, nextAddress()))).toBe(200);
      await db.update(viewingRooms).set({ closedAt: new Date() }).where(eq(viewingRooms.id, open.roomId));
      for (const token of [open.token, second.token]) {
        expect(await statusOf(enterRoom(db, roomRequest(token), token, nextAddress()))).toBe(410);
      }
    });

    it("asks for the passcode, refuses a wrong one (recorded), and remembers a right one by cookie", async () => {
      const room = await createTestRoom(db, { passcode: "basel-2026" });
      const address = nextAddress();
      const gate = await enterRoom(db, roomRequest(room.token), room.token, address);
      expect(gate.state).toBe("passcode");
      if (gate.state !== "passcode") return;
      const attempt = (passcode: string) =>
        tryPasscode(db, {
          token: room.token,
          link: gate.link,
          passcodeHash: gate.passcodeHash,
          passcode,
          clientAddress: address,
        });

      const wrong = await attempt("basel-2025");
      expect(wrong).toMatchObject({ ok: false, status: 401, message: expect.stringMatching(/not right/) });
      expect(await attempt("   ")).toMatchObject({ ok: false, status: 400 });
      const refused = await db.select().from(viewingRoomEvents).where(eq(viewingRoomEvents.linkId, room.linkId));
      expect(refused.map((event) => event.kind)).toEqual(["passcode-refused"]);

      const right = await attempt("basel-2026");
      if (!right.ok) throw new Error(right.message);
      expect(right.setCookie).toContain(`Path=/rooms/${room.token};`);
      expect(right.setCookie).toMatch(/; HttpOnly; SameSite=Lax/);
      const inside = await enterRoom(db, roomRequest(room.token, sentBack(right.setCookie)), room.token, address);
      expect(inside.state).toBe("open");
    });

    it("uses the link's own passcode before the room's", async () => {
      const room = await createTestRoom(db, { passcode: "room-code", link: { passcode: "link-code" } });
      const gate = await enterRoom(db, roomRequest(room.token), room.token, nextAddress());
      if (gate.state !== "passcode") throw new Error("no passcode asked");
      const attempt = (passcode: string) =>
        tryPasscode(db, {
          token: room.token,
          link: gate.link,
          passcodeHash: gate.passcodeHash,
          passcode,
          clientAddress: nextAddress(),
        });
      expect((await attempt("room-code")).ok).toBe(false);
      expect((await attempt("link-code")).ok).toBe(true);
    });

    it("refuses forged, altered, expired and borrowed passcode cookies, and those of a changed passcode", async () => {
      const room = await createTestRoom(db, { passcode: "basel-2026" });
      const other = await createTestLink(db, room.roomId);
      const [link] = await db.select().from(viewingRoomLinks).where(eq(viewingRoomLinks.id, room.linkId));
      const [row] = await db.select().from(viewingRooms).where(eq(viewingRooms.id, room.roomId));
      const hash = row!.passcodeHash!;
      const good = sentBack(passcodeCookie(room.token, link!, hash));
      const value = good.slice(PASSCODE_COOKIE.length + 1);
      const [expires, signature] = value.split(".") as [string, string];
      const forged = [
        `${PASSCODE_COOKIE}=${expires}.${crypto.randomBytes(32).toString("base64url")}`,
        `${PASSCODE_COOKIE}=${Number(expires) + 86_400_000}.${signature}`,
        `${PASSCODE_COOKIE}=${expires}.${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`,
        `${PASSCODE_COOKIE}=${value}x`,
        `${PASSCODE_COOKIE}=`,
        sentBack(passcodeCookie(room.token, link!, hash, Date.now(), crypto.randomBytes(32))),
        sentBack(passcodeCookie(room.token, link!, hash, Date.now() - 13 * 60 * 60 * 1000)),
      ];
      for (const cookie of forged) {
        expect(hasPasscodeCookie(roomRequest(room.token, cookie), link!, hash)).toBe(false);
        expect(await statusOf(enterRoom(db, roomRequest(room.token, cookie), room.token, nextAddress()))).toBe(
          "passcode",
        );
      }
      expect(await statusOf(enterRoom(db, roomRequest(room.token, good), room.token, nextAddress()))).toBe(200);
      // Another link's cookie opens nothing here, even for the same room and passcode.
      expect(await statusOf(enterRoom(db, roomRequest(other.token, good), other.token, nextAddress()))).toBe(
        "passcode",
      );
      // A new passcode makes every cookie given for the old one worthless.
      const renewed = await createTestRoom(db, { passcode: "new-code" });
      const [newRow] = await db.select().from(viewingRooms).where(eq(viewingRooms.id, renewed.roomId));
      await db.update(viewingRooms).set({ passcodeHash: newRow!.passcodeHash }).where(eq(viewingRooms.id, room.roomId));
      expect(await statusOf(enterRoom(db, roomRequest(room.token, good), room.token, nextAddress()))).toBe("passcode");
    });

    it("throttles passcode guessing per link (even from many addresses) and per address, with 429 and a wait", async () => {
      const room = await createTestRoom(db, { passcode: "right-one" });
      const gate = await enterRoom(db, roomRequest(room.token), room.token, nextAddress());
      if (gate.state !== "passcode") throw new Error("no passcode asked");
      const attempt = (passcode: string, clientAddress = nextAddress()) =>
        tryPasscode(db, {
          token: room.token,
          link: gate.link,
          passcodeHash: gate.passcodeHash,
          passcode,
          clientAddress,
        });
      const outcomes = await Promise.all(
        Array.from({ length: roomLimitRules.passcodeLink.limit + 4 }, (_, index) => attempt(`guess-${index}`)),
      );
      const statuses = outcomes.map((outcome) => (outcome.ok ? 200 : outcome.status));
      expect(statuses.filter((status) => status === 401)).toHaveLength(roomLimitRules.passcodeLink.limit);
      expect(statuses.filter((status) => status === 429)).toHaveLength(4);
      // Over the limit, even the right passcode waits: guessing gains nothing.
      const blocked = await attempt("right-one");
      expect(blocked).toMatchObject({ ok: false, status: 429, retryAfterSeconds: expect.any(Number) });
      if (!blocked.ok) {
        expect(blocked.retryAfterSeconds).toBeGreaterThan(0);
        expect(blocked.retryAfterSeconds).toBeLessThanOrEqual(roomLimitRules.passcodeLink.windowSeconds);
        expect(blocked.message).toMatch(/Try again in \d+ minutes?/);
      }

      // One address guessing across many rooms' links is cut off by its own counter.
      const address = nextAddress();
      const statusesByAddress: number[] = [];
      for (let index = 0; index < roomLimitRules.passcodeAddress.limit + 2; index++) {
        const other = await createTestRoom(db, { passcode: "another", works: [] });
        const otherGate = await enterRoom(db, roomRequest(other.token), other.token, nextAddress());
        if (otherGate.state !== "passcode") throw new Error("no passcode asked");
        const outcome = await tryPasscode(db, {
          token: other.token,
          link: otherGate.link,
          passcodeHash: otherGate.passcodeHash,
          passcode: "wrong",
          clientAddress: address,
        });
        statusesByAddress.push(outcome.ok ? 200 : outcome.status);
      }
      expect(statusesByAddress.slice(0, roomLimitRules.passcodeAddress.limit).every((status) => status === 401)).toBe(
        true,
      );
      expect(statusesByAddress.slice(roomLimitRules.passcodeAddress.limit)).toEqual([429, 429]);
    }, 60_000);

    it("answers a burst of 200 random tokens from one address with 404s, then 429, never anything else", async () => {
      const address = nextAddress();
      const statuses = await Promise.all(
        Array.from({ length: 200 }, () => statusOf(enterRoom(db, roomRequest("x"), generateRoomToken(), address))),
      );
      const count = (status: number) => statuses.filter((value) => value === status).length;
      expect(count(404) + count(429)).toBe(200);
      expect(count(404)).toBeGreaterThanOrEqual(roomLimitRules.unknownTokenAddress.limit);
      expect(count(404)).toBeLessThan(200);
      // Once over, even a real room's token from that address waits (the counter is checked first).
      const room = await createTestRoom(db);
      expect(await statusOf(enterRoom(db, roomRequest(room.token), room.token, address))).toBe(429);
      // Another address is not affected, and a collector's own visits never count as guesses.
      const collector = nextAddress();
      for (let index = 0; index < roomLimitRules.unknownTokenAddress.limit + 5; index++) {
        expect(await statusOf(enterRoom(db, roomRequest(room.token), room.token, collector))).toBe(200);
      }
    }, 60_000);

    it("counts a visit once per browser per half hour, not for link previews or HEAD", async () => {
      const room = await createTestRoom(db);
      const first = await countVisit(db, roomRequest(room.token), room.token, room.linkId);
      expect(first).toMatch(new RegExp(`^${VISIT_COOKIE}=1; Path=/rooms/${room.token}; Max-Age=1800; HttpOnly`));
      expect(await countVisit(db, roomRequest(room.token, sentBack(first!)), room.token, room.linkId)).toBeUndefined();
      expect(
        await countVisit(
          db,
          roomRequest(room.token, undefined, { agent: "Slackbot-LinkExpanding 1.0" }),
          room.token,
          room.linkId,
        ),
      ).toBeUndefined();
      expect(
        await countVisit(db, roomRequest(room.token, undefined, { method: "HEAD" }), room.token, room.linkId),
      ).toBeUndefined();
      const [afterOne] = await db.select().from(viewingRoomLinks).where(eq(viewingRoomLinks.id, room.linkId));
      expect(afterOne?.visitCount).toBe(1);
      expect(afterOne?.firstOpenedAt).toBeInstanceOf(Date);
      expect(afterOne?.lastOpenedAt?.getTime()).toBe(afterOne?.firstOpenedAt?.getTime());
      // Another browser (no cookie) is another visit: last opened moves, first stays.
      await new Promise((resolve) => setTimeout(resolve, 5));
      await countVisit(db, roomRequest(room.token), room.token, room.linkId);
      const [afterTwo] = await db.select().from(viewingRoomLinks).where(eq(viewingRoomLinks.id, room.linkId));
      expect(afterTwo?.visitCount).toBe(2);
      expect(afterTwo?.firstOpenedAt?.getTime()).toBe(afterOne?.firstOpenedAt?.getTime());
      expect(afterTwo!.lastOpenedAt!.getTime()).toBeGreaterThan(afterOne!.lastOpenedAt!.getTime());
      const events = await db.select().from(viewingRoomEvents).where(eq(viewingRoomEvents.linkId, room.linkId));
      expect(events.map((event) => event.kind)).toEqual(["visit", "visit"]);
    });

    it("stores a room's enquiry with its link, names the room in the studio's mail, and records it", async () => {
      const room = await createTestRoom(db, {
        title: "Works on paper, for Ada",
        works: [{ slug: "the-new-god" }, { slug: "the-trinket-maker" }],
        link: { note: "for Ada, Basel" },
      });
      const context = {
        linkId: room.linkId,
        title: "Works on paper, for Ada",
        linkNote: "for Ada, Basel",
        workSlugs: ["the-new-god", "the-trinket-maker"],
      };
      const post = (ref: string) =>
        new Request(`${ORIGIN}/rooms/${room.token}/enquiries`, {
          method: "POST",
          headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({
            subject: "room",
            ref,
            name: "Ada Collector",
            email: "ada@example.com",
            message: "May I see it in person?",
            interests: "private-viewing",
            source: `/rooms/${room.token}`,
            website: "",
            token: issueFormToken(Date.now() - 5_000),
          }).toString(),
        });
      const outcome = await submitEnquiry(
        db,
        post("the-new-god"),
        nextAddress(),
        processContentStore().catalogue(),
        undefined,
        context,
      );
      if (!outcome.ok) throw new Error(outcome.message);
      const [row] = await db.select().from(enquiries).where(eq(enquiries.id, outcome.enquiry.id));
      expect(row).toMatchObject({
        subject: "room",
        subjectRef: "the-new-god",
        subjectTitle: "Private viewing: The New God",
        roomLinkId: room.linkId,
        // Never the token: it would sit in the table and the mail in clear.
        sourcePath: "/rooms",
      });
      const [mail] = await db.select().from(outgoingMail).where(eq(outgoingMail.id, row!.mailId!));
      expect(mail?.subject).toBe(
        "Enquiry: Private viewing: The New God (room: Works on paper, for Ada), from Ada Collector",
      );
      expect(mail?.body).toContain("Room:           Works on paper, for Ada (link for Ada, Basel)");
      expect(mail?.body).not.toContain(room.token);
      const events = await db.select().from(viewingRoomEvents).where(eq(viewingRoomEvents.linkId, room.linkId));
      expect(events.map((event) => [event.kind, event.workSlug])).toEqual([["enquiry", "the-new-god"]]);

      // A work that is not in this room is refused, not stored.
      const outside = await submitEnquiry(
        db,
        post("moss-oracle"),
        nextAddress(),
        processContentStore().catalogue(),
        undefined,
        context,
      );
      expect(outside).toMatchObject({
        ok: false,
        status: 422,
        fieldErrors: { subject: expect.stringMatching(/not in this room/) },
      });
    });
  });
}

describe("a room's introduction", () => {
  it("renders Markdown, shows raw HTML as text and keeps no script or handler", () => {
    const html = introductionHtml(
      "Dear Ada,\n\n**Three works** from [the Secrets series](/art?series=secrets).\n\n<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n[bad](javascript:alert(1))",
    );
    expect(html).toContain("<strong>Three works</strong>");
    expect(html).toContain('href="/art?series=secrets"');
    // Raw HTML stays words on the page, never an element; the unsafe link loses its href.
    expect(html).not.toMatch(/<script|<img|javascript:/i);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("<a>bad</a>");
    expect(introductionHtml("  ")).toBeNull();
  });
});
