import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { outgoingMail } from "#app/db/mail-schema.ts";
import { mailingDeliveries, mailings } from "#app/db/mailing-schema.ts";
import { subscribers, subscriptionTokens } from "#app/db/subscription-schema.ts";
import type { ClaimedMail } from "#app/email/outgoing-mail.server.ts";
import { confirmationComposer } from "#app/subscriptions/confirmation-mail.server.ts";
import { SubscriptionService } from "#app/subscriptions/subscription-service.server.ts";
import { hashToken } from "#app/subscriptions/subscription-tokens.server.ts";
import {
  allTestEngines,
  createTestDatabase,
  engineAvailable,
  type TestDatabase,
} from "#tests/support/test-database.server.ts";
import { type MailingMessage, mailingComposer, mailingTestComposer } from "./mailing-mail.server.ts";
import { mailingProgress } from "./mailing-progress.server.ts";
import { createMailing, mailingById, saveMailing } from "./mailing-records.server.ts";
import { MailingRefusal } from "./mailing-refusal.ts";
import { MailingScheduler } from "./mailing-scheduler.server.ts";
import { MAILING_KIND, scheduleMailing, sendMailing, sendTestMailing } from "./mailing-sending.server.ts";

// A mailing to a topic (issue 41): each confirmed subscriber once, never twice, composed when sent
// with the reader's own one-click unsubscribe link (its token stored hashed), on both engines.
for (const engine of allTestEngines) {
  describe.runIf(engineAvailable(engine))(`mailings on ${engine}`, { timeout: 60_000 }, () => {
    let testDb: TestDatabase;
    let service: SubscriptionService;
    const clock = new Date("2026-12-01T12:00:00Z");
    const db = () => testDb.database.db;
    const draft = { subject: "Icaro prints are back", body: "Two prints **return**.", webNoindex: false };

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
      await db().delete(mailings);
      await db().delete(subscribers);
      await db().delete(outgoingMail);
    });

    /** A confirmed subscriber of the topics, through the double opt-in. */
    async function confirmed(address: string, topicKeys: string[]) {
      const { mailId } = await service.subscribe({ address, topicKeys, sourcePath: "/prices" });
      const [row] = await db()
        .select()
        .from(outgoingMail)
        .where(eq(outgoingMail.id, mailId as number));
      const message = await confirmationComposer(db(), () => clock)({ ...row, claimId: "t" } as ClaimedMail);
      const token = /\/subscribe\/confirm\/([A-Za-z0-9_-]+)/.exec(message?.text ?? "")?.[1] as string;
      expect((await service.confirm(token)).ok).toBe(true);
    }

    const mailingRows = () => db().select().from(outgoingMail).where(eq(outgoingMail.kind, MAILING_KIND));
    const compose = async (row: typeof outgoingMail.$inferSelect) =>
      (await mailingComposer(db(), () => clock)({ ...row, claimId: "t" } as ClaimedMail)) as MailingMessage | null;

    it("reaches each confirmed subscriber of its topics once, and no one unconfirmed", async () => {
      await confirmed("a@example.org", ["icaro-prints", "new-work"]);
      await confirmed("b@example.org", ["icaro-prints"]);
      await confirmed("c@example.org", ["new-work"]);
      await service.subscribe({ address: "pending@example.org", topicKeys: ["icaro-prints"], sourcePath: "/" });
      const id = await createMailing(db(), { ...draft, topicKeys: ["icaro-prints", "new-work"] });
      expect(await sendMailing(db(), id, clock)).toBe(3);
      const rows = await mailingRows();
      expect(rows.map((row) => row.toAddress).sort()).toEqual(["a@example.org", "b@example.org", "c@example.org"]);
      expect(rows.every((row) => row.body === null)).toBe(true);
      const mailing = await mailingById(db(), id);
      expect([mailing.status, mailing.recipientCount]).toEqual(["sending", 3]);
    });

    it("is sent once: a second press and two at once are refused, and no one is queued twice", async () => {
      await confirmed("a@example.org", ["icaro-prints"]);
      const id = await createMailing(db(), { ...draft, topicKeys: ["icaro-prints"] });
      const results = await Promise.allSettled([sendMailing(db(), id, clock), sendMailing(db(), id, clock)]);
      expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
      const refused = results.find((result) => result.status === "rejected") as PromiseRejectedResult;
      expect(refused.reason).toBeInstanceOf(MailingRefusal);
      expect(refused.reason.status).toBe(409);
      await expect(sendMailing(db(), id, clock)).rejects.toMatchObject({ status: 409 });
      expect(await mailingRows()).toHaveLength(1);
      // What went out no longer changes.
      await expect(saveMailing(db(), id, { ...draft, subject: "Changed", topicKeys: [] })).rejects.toMatchObject({
        status: 409,
      });
    });

    it("refuses a mailing with no reader, no topic or no words, and changes nothing", async () => {
      const id = await createMailing(db(), { ...draft, topicKeys: ["icaro-prints"] });
      await expect(sendMailing(db(), id, clock)).rejects.toMatchObject({ status: 409 });
      const none = await createMailing(db(), { ...draft, topicKeys: [] });
      await expect(sendMailing(db(), none, clock)).rejects.toMatchObject({ status: 422 });
      await expect(createMailing(db(), { ...draft, topicKeys: ["no-such-topic"] })).rejects.toMatchObject({
        status: 422,
      });
      await expect(createMailing(db(), { ...draft, subject: "two\nlines", topicKeys: [] })).rejects.toMatchObject({
        status: 422,
      });
      expect((await mailingById(db(), id)).status).toBe("draft");
      expect(await mailingRows()).toHaveLength(0);
    });

    it("composes each copy when sent: both parts, the reader's own one-click link, its token stored hashed", async () => {
      await confirmed("a@example.org", ["icaro-prints"]);
      const id = await createMailing(db(), { ...draft, topicKeys: ["icaro-prints"] });
      await sendMailing(db(), id, clock);
      const [row] = await mailingRows();
      const message = await compose(row as typeof outgoingMail.$inferSelect);
      expect(message?.html).toContain("<strong>return</strong>");
      expect(message?.text).toContain("Two prints **return**.");
      expect(message?.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
      const token = /\/subscribe\/unsubscribe\/([A-Za-z0-9_-]+)>$/.exec(
        message?.headers["List-Unsubscribe"] ?? "",
      )?.[1];
      expect(token).toBeDefined();
      expect(message?.text).toContain(`/subscribe/manage/${token}`);
      expect(message?.html).not.toMatch(/<img[^>]+(width="1"|height="1")/);
      // Only the hash is in the database, nowhere the raw token.
      const stored = await db().select().from(subscriptionTokens);
      expect(stored.some((entry) => entry.tokenHash === hashToken(token as string))).toBe(true);
      expect(JSON.stringify(stored)).not.toContain(token);
      // The one-click POST ends the subscription: the next mailing does not reach the address.
      expect(await service.oneClickUnsubscribe(token as string)).toEqual({ left: true });
      const next = await createMailing(db(), { ...draft, topicKeys: ["icaro-prints"] });
      await expect(sendMailing(db(), next, clock)).rejects.toMatchObject({ status: 409 });
    });

    it("forgetting removes a queued copy; one who left since is skipped; progress counts what went", async () => {
      await confirmed("a@example.org", ["icaro-prints"]);
      await confirmed("b@example.org", ["icaro-prints"]);
      await confirmed("c@example.org", ["icaro-prints"]);
      const id = await createMailing(db(), { ...draft, topicKeys: ["icaro-prints"] });
      await sendMailing(db(), id, clock);
      // b asks to be forgotten: their copy goes from the outbox, with its delivery row.
      await service.forget("b@example.org");
      const rows = await mailingRows();
      expect(rows.map((row) => row.toAddress).sort()).toEqual(["a@example.org", "c@example.org"]);
      expect(await db().select().from(mailingDeliveries)).toHaveLength(2);
      // c leaves through a link before their copy goes: it is not sent.
      const [c] = await db().select().from(subscribers).where(eq(subscribers.address, "c@example.org"));
      await service.leave(await service.issueManageToken(c?.id as number));
      const copyOfC = rows.find((row) => row.toAddress === "c@example.org") as typeof outgoingMail.$inferSelect;
      expect(await compose(copyOfC)).toBeNull();
      await db().update(outgoingMail).set({ status: "skipped" }).where(eq(outgoingMail.id, copyOfC.id));
      const copyOfA = rows.find((row) => row.toAddress === "a@example.org") as typeof outgoingMail.$inferSelect;
      await db()
        .update(outgoingMail)
        .set({ status: "failed", lastError: "550 5.1.1 User unknown" })
        .where(eq(outgoingMail.id, copyOfA.id));
      const progress = await mailingProgress(db(), await mailingById(db(), id));
      expect(progress).toMatchObject({ total: 2, queued: 0, sent: 0, bounced: 1, skipped: 1 });
      const done = await mailingById(db(), id);
      expect([done.status, done.bouncedCount]).toEqual(["sent", 1]);
    });

    it("sends a test to the studio from the words as they are, with no one's token", async () => {
      const id = await createMailing(db(), { ...draft, topicKeys: [] });
      await sendTestMailing(db(), id, "studio@umbra.test", clock);
      const [row] = await db().select().from(outgoingMail);
      expect(row?.subject).toBe("[Test] Icaro prints are back");
      const message = await mailingTestComposer(db())({ ...row, claimId: "t" } as ClaimedMail);
      expect(message?.to).toBe("studio@umbra.test");
      expect(message?.text).toContain("Two prints **return**.");
      expect(await db().select().from(subscriptionTokens)).toHaveLength(0);
    });

    it("sends a scheduled mailing when it falls due, once, on two schedulers at once", async () => {
      await confirmed("a@example.org", ["icaro-prints"]);
      const id = await createMailing(db(), { ...draft, topicKeys: ["icaro-prints"] });
      await expect(scheduleMailing(db(), id, new Date(clock.getTime() - 1000), clock)).rejects.toMatchObject({
        status: 422,
      });
      await scheduleMailing(db(), id, new Date(clock.getTime() + 60_000), clock);
      let now = clock;
      const schedulers = [0, 1].map(() => new MailingScheduler(testDb.database, { now: () => now }));
      await Promise.all(schedulers.map((scheduler) => scheduler.check()));
      expect(await mailingRows()).toHaveLength(0);
      now = new Date(clock.getTime() + 61_000);
      await Promise.all(schedulers.map((scheduler) => scheduler.check()));
      expect(await mailingRows()).toHaveLength(1);
      expect(await db().select().from(mailingDeliveries)).toHaveLength(1);
      expect((await mailingById(db(), id)).status).toBe("sending");
    });
  });
}
