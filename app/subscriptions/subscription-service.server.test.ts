import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { outgoingMail } from "#app/db/mail-schema.ts";
import {
  subscribers,
  subscriberTopics,
  subscriptionConsents,
  subscriptionTokens,
} from "#app/db/subscription-schema.ts";
import type { ClaimedMail } from "#app/email/outgoing-mail.server.ts";
import {
  allTestEngines,
  createTestDatabase,
  engineAvailable,
  type TestDatabase,
} from "#tests/support/test-database.server.ts";
import { CONFIRMATION_KIND, confirmationComposer } from "./confirmation-mail.server.ts";
import { SubscriptionRefusal } from "./subscription-refusal.ts";
import { SubscriptionService } from "./subscription-service.server.ts";
import { hashToken } from "./subscription-tokens.server.ts";
import { CONSENT_WORDING } from "./subscription-words.ts";
import { sweepUnconfirmed, UNCONFIRMED_KEPT_DAYS } from "./unconfirmed-sweep.server.ts";

// Double opt-in, one confirmation a day, single-purpose tokens and forgetting (issue 41), on
// both engines.
const DAY_MS = 24 * 60 * 60_000;

for (const engine of allTestEngines) {
  describe.runIf(engineAvailable(engine))(`subscriptions on ${engine}`, { timeout: 60_000 }, () => {
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
    const confirmations = (address: string) =>
      db().select().from(outgoingMail).where(eq(outgoingMail.toAddress, address));

    /** Sends the queued confirmation as the mail sender would, and returns its link's token. */
    async function sendConfirmation(mailId: number): Promise<string> {
      const [row] = await db().select().from(outgoingMail).where(eq(outgoingMail.id, mailId));
      if (!row) throw new Error("no mail");
      const message = await confirmationComposer(db(), () => clock)({ ...row, claimId: "test" } as ClaimedMail);
      const token = /\/subscribe\/confirm\/([A-Za-z0-9_-]+)/.exec(message?.text ?? "")?.[1];
      if (!token) throw new Error(`no link in ${message?.text}`);
      return token;
    }

    async function subscribedWithLink(address: string, topicKeys = ["icaro-prints"]) {
      const { mailId } = await service.subscribe({ address, topicKeys, sourcePath: "/prices" });
      const confirmed = await service.confirm(await sendConfirmation(mailId as number));
      expect(confirmed.ok).toBe(true);
      const [row] = await db().select().from(subscribers).where(eq(subscribers.address, address.toLowerCase()));
      return service.issueManageToken(row?.id as number);
    }

    it("offers the two standing topics from the start", async () => {
      expect(service.offered()).toEqual([
        { key: "new-work", label: "New work and exhibitions" },
        { key: "icaro-prints", label: "Icaro prints" },
      ]);
    });

    it("double opt-in: a sign-up queues only a confirmation; the link confirms the topics and the consent", async () => {
      const { mailId } = await service.subscribe({
        address: "Collector@Example.org",
        topicKeys: ["icaro-prints", "new-work"],
        sourcePath: "/prices",
      });
      expect(mailId).toBeTypeOf("number");
      const mail = await confirmations("collector@example.org");
      expect(mail.map((row) => [row.kind, row.body])).toEqual([[CONFIRMATION_KIND, null]]);
      expect((await service.counts()).find((c) => c.key === "icaro-prints")).toMatchObject({
        confirmed: 0,
        waiting: 1,
      });
      expect(await service.recipients(["icaro-prints"])).toEqual([]);

      const token = await sendConfirmation(mailId as number);
      // Only the hash is stored.
      const tokens = await db().select().from(subscriptionTokens);
      expect(tokens.map((row) => row.tokenHash)).toEqual([hashToken(token)]);
      expect(JSON.stringify(tokens)).not.toContain(token);

      expect(await service.confirm(token)).toEqual({ ok: true, topics: ["New work and exhibitions", "Icaro prints"] });
      expect(await service.confirm(token)).toEqual({ ok: false, reason: "used" });
      expect((await service.recipients(["icaro-prints"])).map((r) => r.address)).toEqual(["collector@example.org"]);
      const [consent] = await db().select().from(subscriptionConsents);
      expect(consent).toMatchObject({
        sourcePath: "/prices",
        wording: CONSENT_WORDING,
        topicKeys: ["new-work", "icaro-prints"],
      });
      expect(consent?.confirmedAt).toEqual(clock);
      expect(await service.countsByDay()).toEqual([
        { day: "2026-12-01", topicKey: "new-work", joined: 1, left: 0 },
        { day: "2026-12-01", topicKey: "icaro-prints", joined: 1, left: 0 },
      ]);
    });

    it("50 sign-ups at once for one address queue one confirmation; the next day's queues one more", async () => {
      const signUps = Array.from({ length: 50 }, () =>
        service.subscribe({ address: "stranger@example.org", topicKeys: ["new-work"], sourcePath: "/" }),
      );
      const results = await Promise.all(signUps);
      expect(results.filter((result) => result.mailId !== undefined)).toHaveLength(1);
      expect(await confirmations("stranger@example.org")).toHaveLength(1);
      clock = new Date(clock.getTime() + DAY_MS - 60_000);
      await service.subscribe({ address: "stranger@example.org", topicKeys: ["new-work"], sourcePath: "/" });
      expect(await confirmations("stranger@example.org")).toHaveLength(1);
      clock = new Date(clock.getTime() + 2 * 60_000);
      await service.subscribe({ address: "stranger@example.org", topicKeys: ["new-work"], sourcePath: "/" });
      expect(await confirmations("stranger@example.org")).toHaveLength(2);
    });

    it("a confirmed address asking for another topic gets it only after a new confirmation", async () => {
      await subscribedWithLink("fan@example.org", ["new-work"]);
      clock = new Date(clock.getTime() + 2 * DAY_MS);
      const { mailId } = await service.subscribe({
        address: "fan@example.org",
        topicKeys: ["icaro-prints"],
        sourcePath: "/prices",
      });
      expect(mailId).toBeTypeOf("number");
      expect(await service.recipients(["icaro-prints"])).toEqual([]);
      expect((await service.recipients(["new-work"])).map((r) => r.address)).toEqual(["fan@example.org"]);
      await service.confirm(await sendConfirmation(mailId as number));
      expect((await service.recipients(["icaro-prints"])).map((r) => r.address)).toEqual(["fan@example.org"]);
    });

    it("tokens are single-purpose: a confirm token cannot unsubscribe, a manage token cannot confirm", async () => {
      const { mailId } = await service.subscribe({
        address: "a@example.org",
        topicKeys: ["new-work"],
        sourcePath: "/",
      });
      const confirmToken = await sendConfirmation(mailId as number);
      await expect(service.oneClickUnsubscribe(confirmToken)).rejects.toBeInstanceOf(SubscriptionRefusal);
      expect(await service.manage(confirmToken)).toEqual({ ok: false, reason: "unknown" });
      expect(await service.confirm(confirmToken)).toMatchObject({ ok: true });
      const [row] = await db().select().from(subscribers).where(eq(subscribers.address, "a@example.org"));
      const manageToken = await service.issueManageToken(row?.id as number);
      expect(await service.confirm(manageToken)).toEqual({ ok: false, reason: "unknown" });
      expect(await service.oneClickUnsubscribe(manageToken)).toEqual({ left: true });
      expect(await service.recipients(["new-work"])).toEqual([]);
    });

    it("a token for one address never changes another's topics", async () => {
      const aliceToken = await subscribedWithLink("alice@example.org", ["new-work"]);
      await subscribedWithLink("bob@example.org", ["new-work", "icaro-prints"]);
      await service.changeTopics(aliceToken, ["icaro-prints"]);
      await service.leave(aliceToken);
      const bob = await service.list({ search: "bob@" });
      expect(bob.map((r) => [r.status, r.topics])).toEqual([["confirmed", ["new-work", "icaro-prints"]]]);
      const manage = await service.manage(aliceToken);
      expect(manage.ok && manage.view.address).toBe("alice@example.org");
    });

    it("a manage link changes topics at once and leaves with none; expired links are refused", async () => {
      const token = await subscribedWithLink("m@example.org", ["new-work"]);
      await service.changeTopics(token, ["icaro-prints"]);
      const view = await service.manage(token);
      expect(view.ok && view.view.topics.filter((t) => t.subscribed).map((t) => t.key)).toEqual(["icaro-prints"]);
      await expect(service.changeTopics(token, ["no-such-topic"])).rejects.toMatchObject({ status: 422 });
      await service.changeTopics(token, []);
      expect((await service.list({ search: "m@example.org" }))[0]?.status).toBe("left");
      clock = new Date(clock.getTime() + 400 * DAY_MS);
      expect(await service.manage(token)).toEqual({ ok: false, reason: "expired" });
      await expect(service.oneClickUnsubscribe(token)).rejects.toMatchObject({ status: 410 });
    });

    it("refuses a topic not offered, and an address that does not parse, writing nothing", async () => {
      await service.closeTopic("icaro-prints");
      try {
        await expect(
          service.subscribe({ address: "x@example.org", topicKeys: ["icaro-prints"], sourcePath: "/" }),
        ).rejects.toMatchObject({ status: 422 });
        await expect(
          service.subscribe({ address: "not an address", topicKeys: ["new-work"], sourcePath: "/" }),
        ).rejects.toMatchObject({ status: 422 });
        expect(await db().select().from(subscribers)).toEqual([]);
      } finally {
        await service.openTopic({ kind: "series", target: "Icaro", label: "Icaro series" });
        await db().execute(sql`update subscription_topics set open = true where key = 'icaro-prints'`);
        await service.closeTopic("series-icaro");
      }
    });

    it("opens a work's topic for Notify me, and closes it again", async () => {
      const topic = await service.openTopic({
        kind: "work",
        target: "the-source-of-novelty",
        label: "The Source of Novelty prints",
      });
      expect(topic.key).toBe("work-the-source-of-novelty");
      expect(service.notifyTopicFor("the-source-of-novelty", "Secrets")).toEqual({
        key: "work-the-source-of-novelty",
        label: "The Source of Novelty prints",
      });
      await service.closeTopic(topic.key);
      expect(service.notifyTopicFor("the-source-of-novelty", "Secrets")).toBeUndefined();
    });

    it("forget removes the address, its topics, consents, tokens and its queued confirmation", async () => {
      await subscribedWithLink("gone@example.org", ["new-work"]);
      await service.subscribe({ address: "gone@example.org", topicKeys: ["icaro-prints"], sourcePath: "/" });
      expect(await service.forget("GONE@example.org")).toBe(true);
      expect(await db().select().from(subscribers)).toEqual([]);
      expect(await db().select().from(subscriberTopics)).toEqual([]);
      expect(await db().select().from(subscriptionConsents)).toEqual([]);
      expect(await db().select().from(subscriptionTokens)).toEqual([]);
      expect(await confirmations("gone@example.org")).toEqual([]);
      expect(await service.forget("gone@example.org")).toBe(false);
    });

    it("exports every subscriber with the last consent", async () => {
      await subscribedWithLink("e@example.org", ["new-work"]);
      const rows = await service.exportRows();
      expect(rows).toMatchObject([{ address: "e@example.org", topics: ["new-work"], lastConsentSource: "/prices" }]);
    });

    // Forgotten 30 days after they last asked, and nothing else (no address kept without consent).
    describe("addresses that never confirmed", () => {
      const addresses = async () =>
        (await db().select({ address: subscribers.address }).from(subscribers)).map((row) => row.address).sort();
      const later = (days: number) => new Date(clock.getTime() + days * DAY_MS);

      it("are forgotten with their topics, consent and queued confirmation", async () => {
        await service.subscribe({ address: "never@example.org", topicKeys: ["new-work"], sourcePath: "/" });
        expect(await sweepUnconfirmed(db(), later(UNCONFIRMED_KEPT_DAYS - 1))).toBe(0);
        expect(await addresses()).toEqual(["never@example.org"]);

        expect(await sweepUnconfirmed(db(), later(UNCONFIRMED_KEPT_DAYS + 1))).toBe(1);
        expect(await addresses()).toEqual([]);
        expect(await db().select().from(subscriberTopics)).toEqual([]);
        expect(await db().select().from(subscriptionConsents)).toEqual([]);
        expect(await confirmations("never@example.org")).toEqual([]);
      });

      it("are kept when they asked again within the 30 days; confirmed ones always", async () => {
        await service.subscribe({ address: "late@example.org", topicKeys: ["new-work"], sourcePath: "/" });
        await subscribedWithLink("reader@example.org", ["new-work"]);
        // Twenty days on, the first asks again: a new confirmation, a new 30 days.
        clock = later(20);
        await service.subscribe({ address: "late@example.org", topicKeys: ["new-work"], sourcePath: "/" });
        clock = later(-20);

        expect(await sweepUnconfirmed(db(), later(UNCONFIRMED_KEPT_DAYS + 1))).toBe(0);
        expect(await addresses()).toEqual(["late@example.org", "reader@example.org"]);
        expect(await sweepUnconfirmed(db(), later(365))).toBe(1);
        expect(await addresses()).toEqual(["reader@example.org"]);
      });

      it("keep an address that had been confirmed, left, and asked again", async () => {
        await subscribedWithLink("back@example.org", ["new-work"]);
        await db()
          .update(subscribers)
          .set({ status: "pending", leftAt: clock })
          .where(eq(subscribers.address, "back@example.org"));
        expect(await sweepUnconfirmed(db(), later(365))).toBe(0);
        expect(await addresses()).toEqual(["back@example.org"]);
      });
    });
  });
}
