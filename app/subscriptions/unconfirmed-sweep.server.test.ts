import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { outgoingMail } from "#app/db/mail-schema.ts";
import { subscribers, subscriberTopics, subscriptionConsents } from "#app/db/subscription-schema.ts";
import {
  allTestEngines,
  createTestDatabase,
  engineAvailable,
  type TestDatabase,
} from "#tests/support/test-database.server.ts";
import { SubscriptionService } from "./subscription-service.server.ts";
import { sweepUnconfirmed, UNCONFIRMED_KEPT_DAYS } from "./unconfirmed-sweep.server.ts";

// Addresses that asked and never confirmed are forgotten 30 days after they last asked; nothing
// else is touched (issue 41: no address kept without consent).
const DAY_MS = 24 * 60 * 60_000;

for (const engine of allTestEngines) {
  describe.runIf(engineAvailable(engine))(`unconfirmed addresses on ${engine}`, { timeout: 60_000 }, () => {
    let testDb: TestDatabase;
    let clock: Date;
    let service: SubscriptionService;
    beforeAll(async () => {
      testDb = await createTestDatabase(engine);
      service = new SubscriptionService(testDb.database, { now: () => clock });
      await service.start();
    });
    afterAll(async () => {
      await service?.stop();
      await testDb?.destroy();
    });
    beforeEach(async () => {
      clock = new Date("2026-12-01T12:00:00Z");
      await testDb.database.db.delete(subscribers);
      await testDb.database.db.delete(outgoingMail);
    });
    const db = () => testDb.database.db;
    const addresses = async () =>
      (await db().select({ address: subscribers.address }).from(subscribers)).map((row) => row.address).sort();
    const later = (days: number) => new Date(clock.getTime() + days * DAY_MS);

    it("forgets an address that never confirmed, with its topics, consent and queued confirmation", async () => {
      await service.subscribe({ address: "never@example.org", topicKeys: ["new-work"], sourcePath: "/" });
      expect(await sweepUnconfirmed(db(), later(UNCONFIRMED_KEPT_DAYS - 1))).toBe(0);
      expect(await addresses()).toEqual(["never@example.org"]);

      expect(await sweepUnconfirmed(db(), later(UNCONFIRMED_KEPT_DAYS + 1))).toBe(1);
      expect(await addresses()).toEqual([]);
      expect(await db().select().from(subscriberTopics)).toEqual([]);
      expect(await db().select().from(subscriptionConsents)).toEqual([]);
      expect(await db().select().from(outgoingMail).where(eq(outgoingMail.toAddress, "never@example.org"))).toEqual([]);
    });

    it("keeps an address that asked again within the 30 days, and every confirmed one", async () => {
      await service.subscribe({ address: "late@example.org", topicKeys: ["new-work"], sourcePath: "/" });
      await service.subscribe({ address: "reader@example.org", topicKeys: ["new-work"], sourcePath: "/" });
      await db()
        .update(subscribers)
        .set({ status: "confirmed", confirmedAt: clock })
        .where(eq(subscribers.address, "reader@example.org"));
      // Twenty days on, the first asks again: a new confirmation, a new 30 days.
      clock = later(20);
      await service.subscribe({ address: "late@example.org", topicKeys: ["new-work"], sourcePath: "/" });
      clock = later(-20);

      expect(await sweepUnconfirmed(db(), later(UNCONFIRMED_KEPT_DAYS + 1))).toBe(0);
      expect(await addresses()).toEqual(["late@example.org", "reader@example.org"]);
      expect(await sweepUnconfirmed(db(), later(365))).toBe(1);
      expect(await addresses()).toEqual(["reader@example.org"]);
    });

    it("keeps an address that had been confirmed, left, and asked again without confirming", async () => {
      await service.subscribe({ address: "back@example.org", topicKeys: ["new-work"], sourcePath: "/" });
      await db()
        .update(subscribers)
        .set({ status: "pending", confirmedAt: clock, leftAt: clock })
        .where(eq(subscribers.address, "back@example.org"));
      expect(await sweepUnconfirmed(db(), later(365))).toBe(0);
      expect(await addresses()).toEqual(["back@example.org"]);
    });
  });
}
