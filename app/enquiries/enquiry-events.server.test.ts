import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "#app/db/database.server.ts";
import { enquiries } from "#app/db/enquiry-schema.ts";
import { AdminEventHub } from "#app/realtime/admin-event-hub.server.ts";
import {
  allTestEngines,
  createTestDatabase,
  engineAvailable,
  type TestDatabase,
} from "#tests/support/test-database.server.ts";
import { insertTestEnquiries } from "#tests/support/test-enquiries.server.ts";
import { EnquiryEventRelay } from "./enquiry-events.server.ts";

const session = { id: "s", expiresAt: new Date(Date.now() + 3_600_000) };

/** One process's hub and relay, with one enquiry stream and one quote stream recorded. */
async function processOn(database: TestDatabase["database"]) {
  const hub = new AdminEventHub(database, { sessionCheckMs: 60_000 });
  await hub.start();
  const relay = new EnquiryEventRelay(database, hub, { gatherMs: 10 });
  await relay.start();
  const enquiryStream: string[] = [];
  const quoteStream: string[] = [];
  hub.subscribe({ topic: "enquiries", session, send: (chunk) => enquiryStream.push(chunk), close: () => {} });
  hub.subscribe({ session, send: (chunk) => quoteStream.push(chunk), close: () => {} });
  return {
    enquiryStream,
    quoteStream,
    async stop() {
      await relay.stop();
      await hub.stop();
    },
  };
}

for (const engine of allTestEngines) {
  describe.runIf(engineAvailable(engine))(`live enquiry changes on ${engine}`, { timeout: 60_000 }, () => {
    const cleanups: Array<() => Promise<void>> = [];
    afterEach(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup();
      cleanups.length = 0;
    });

    it("reaches every listener with the change and fresh counts, and only the enquiry streams", async () => {
      const testDb = await createTestDatabase(engine);
      cleanups.push(() => testDb.destroy());
      const first = await processOn(testDb.database);
      cleanups.push(first.stop);
      // A second process: on PostgreSQL its own connections to the same database; PGlite is one
      // process, so there a second relay on the same database stands in for it.
      let secondDatabase = testDb.database;
      if (engine === "postgres") {
        secondDatabase = await openDatabase({ dataDir: "unused", databaseUrl: testDb.location, migrate: false });
        cleanups.push(() => secondDatabase.close());
      }
      const second = await processOn(secondDatabase);
      cleanups.push(second.stop);

      const started = Date.now();
      const [id] = await insertTestEnquiries(testDb.database.db, [{ name: "Live" }]);
      for (const stream of [first.enquiryStream, second.enquiryStream]) {
        await expect.poll(() => stream.join(""), { timeout: 2_000 }).toContain(`"op":"INSERT","id":${id}`);
        await expect.poll(() => stream.join(""), { timeout: 2_000 }).toContain('"unread":1');
      }
      expect(Date.now() - started).toBeLessThan(1_000);
      await testDb.database.db.update(enquiries).set({ status: "spam" }).where(eq(enquiries.id, id!));
      for (const stream of [first.enquiryStream, second.enquiryStream]) {
        await expect.poll(() => stream.join(""), { timeout: 2_000 }).toContain(`"op":"UPDATE","id":${id}`);
        await expect.poll(() => stream.join(""), { timeout: 2_000 }).toContain('"unread":0');
      }
      // The enquiry's text never travels in events; quote streams hear nothing of enquiries.
      expect(first.enquiryStream.join("")).not.toContain("Message 0");
      expect(first.quoteStream.join("")).not.toContain("enquiry");
      expect(first.quoteStream.join("")).not.toContain("counts");
    });
  });
}
