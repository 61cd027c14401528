import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { authSession, authUser } from "#app/db/auth-schema.ts";
import { quotes } from "#app/db/schema.ts";
import {
  allTestEngines,
  createTestDatabase,
  engineAvailable,
  type TestDatabase,
} from "#tests/support/test-database.server.ts";
import { AdminEventHub } from "./admin-event-hub.server.ts";

const HOUR = 60 * 60 * 1000;

/** A stream client that records what it was sent and whether the hub closed it. */
function openStream(hub: AdminEventHub, session: { id: string; expiresAt: Date }) {
  const stream = { session, chunks: [] as string[], closed: false };
  hub.subscribe({
    session,
    send: (chunk) => stream.chunks.push(chunk),
    close: () => {
      stream.closed = true;
    },
  });
  return stream;
}

/** Waits out a few session checks, so a stream that should stay open had the chance to close. */
const severalChecks = () => new Promise((resolve) => setTimeout(resolve, 800));

for (const engine of allTestEngines) {
  describe.runIf(engineAvailable(engine))(
    `event streams end with their session on ${engine}`,
    { timeout: 30_000 },
    () => {
      let testDb: TestDatabase | undefined;
      let hub: AdminEventHub | undefined;
      const errors: unknown[] = [];
      afterEach(async () => {
        await hub?.stop();
        hub = undefined;
        await testDb?.destroy();
        testDb = undefined;
        errors.length = 0;
      });

      async function setUp(sessionCheckMs: number) {
        testDb = await createTestDatabase(engine);
        const { db } = testDb.database;
        await db.insert(authUser).values({ id: "admin-1", name: "Admin", email: "admin@umbra.test", role: "admin" });
        // Added before the hub listens: its insert's notification, delivered late on a loaded
        // machine, once reached a stream opened after it as if it were the later change.
        const [quote] = await db.insert(quotes).values({ text: "a quote" }).returning();
        hub = new AdminEventHub(testDb.database, { sessionCheckMs, onError: (error) => errors.push(error) });
        await hub.start();
        return { db, hub, quoteId: quote!.id };
      }

      async function addSession(id: string, expiresAt: Date) {
        await testDb!.database.db
          .insert(authSession)
          .values({ id, token: `token-${id}`, userId: "admin-1", expiresAt });
        return { id, expiresAt };
      }

      it("closes a signed-out session's streams at once, before any later change reaches them", async () => {
        // Checks far apart: only the delete notification can close the stream in time.
        const { db, hub, quoteId } = await setUp(60_000);
        const signedOut = openStream(hub, await addSession("signed-out", new Date(Date.now() + HOUR)));
        const other = openStream(hub, await addSession("other", new Date(Date.now() + HOUR)));

        await db.delete(authSession).where(eq(authSession.id, "signed-out"));
        await db.update(quotes).set({ includeInSearch: true }).where(eq(quotes.id, quoteId));

        await expect.poll(() => other.chunks.join(""), { timeout: 5_000 }).toContain("event: quote");
        expect(signedOut.closed).toBe(true);
        expect(signedOut.chunks.join("")).not.toContain("event: quote");
        expect(other.closed).toBe(false);
        expect(hub.size).toBe(1);
      });

      it("closes a stream whose session was deleted unnoticed at the next check", async () => {
        const { db, hub } = await setUp(200);
        // As if the notification were lost (the listening connection was down).
        await db.execute(sql`alter table auth_session disable trigger auth_session_notify_ended`);
        const gone = openStream(hub, await addSession("gone", new Date(Date.now() + HOUR)));
        const kept = openStream(hub, await addSession("kept", new Date(Date.now() + HOUR)));

        await db.delete(authSession).where(eq(authSession.id, "gone"));

        await expect.poll(() => gone.closed, { timeout: 5_000 }).toBe(true);
        expect(kept.closed).toBe(false);
      });

      it("closes the streams of a session that has expired", async () => {
        const { db, hub } = await setUp(200);
        const expiring = openStream(hub, await addSession("expiring", new Date(Date.now() + 500)));
        // Expired in the database, though the stream was opened when it had an hour left.
        const cutShort = openStream(hub, await addSession("cut-short", new Date(Date.now() + HOUR)));
        await db
          .update(authSession)
          .set({ expiresAt: new Date(Date.now() - 1_000) })
          .where(eq(authSession.id, "cut-short"));

        await expect.poll(() => [expiring.closed, cutShort.closed], { timeout: 5_000 }).toEqual([true, true]);
        expect(errors).toEqual([]);
      });

      it("keeps a live session's streams open and fed, including one refreshed since it opened", async () => {
        const { db, hub, quoteId } = await setUp(100);
        const live = openStream(hub, await addSession("live", new Date(Date.now() + HOUR)));
        // Opened when the session had moments left; better-auth has since extended it.
        await addSession("refreshed", new Date(Date.now() + HOUR));
        const refreshed = openStream(hub, { id: "refreshed", expiresAt: new Date(Date.now() + 300) });

        await severalChecks();
        await db.update(quotes).set({ includeInSearch: true }).where(eq(quotes.id, quoteId));

        await expect.poll(() => refreshed.chunks.join(""), { timeout: 5_000 }).toContain("event: quote");
        expect(live.chunks.join("")).toContain("event: quote");
        expect([live.closed, refreshed.closed]).toEqual([false, false]);
        expect(errors).toEqual([]);
      });

      it("still ends a stream at its session's known expiry when the database cannot be asked", async () => {
        const { db, hub } = await setUp(100);
        await addSession("expiring", new Date(Date.now() + HOUR));
        await addSession("later", new Date(Date.now() + HOUR));
        // Every check now fails.
        await db.execute(sql`alter table auth_session rename to auth_session_away`);
        const expiring = openStream(hub, { id: "expiring", expiresAt: new Date(Date.now() + 500) });
        const later = openStream(hub, { id: "later", expiresAt: new Date(Date.now() + HOUR) });

        await expect.poll(() => expiring.closed, { timeout: 5_000 }).toBe(true);
        expect(later.closed).toBe(false);
        expect(errors.length).toBeGreaterThan(0);
      });
    },
  );
}
