import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "#app/db/database.server.ts";
import { outgoingMail } from "#app/db/mail-schema.ts";
import {
  allTestEngines,
  createPostgresTestDatabase,
  createTestDatabase,
  engineAvailable,
  type TestDatabase,
} from "#tests/support/test-database.server.ts";
import { enqueueMailing, recipientsOf, statusCounts, until } from "#tests/support/test-mailings.server.ts";
import { startTestSmtpServer, type TestSmtpServer } from "#tests/support/test-smtp-server.server.ts";
import type { MailSettings } from "./deliver-mail.server.ts";
import { MAIL_KIND_RULES } from "./mail-delivery.server.ts";
import { MailSender, type MailSenderOptions } from "./mail-sender.server.ts";
import { enqueueMail, INTERRUPTED_REASON } from "./outgoing-mail.server.ts";

const quiet = { info() {}, warn() {}, error() {} };

for (const engine of allTestEngines) {
  describe.runIf(engineAvailable(engine))(`bulk mail (a mailing's copies) on ${engine}`, () => {
    let testDb: TestDatabase;
    let dataDir: string;
    const senders: MailSender[] = [];
    const servers: TestSmtpServer[] = [];
    const db = () => testDb.database.db;

    const sender = (delivery: Partial<MailSettings>, options: Partial<MailSenderOptions> = {}) => {
      const made = new MailSender(testDb.database, {
        delivery: { from: "Umbra <news@umbra.example>", dataDir, logger: quiet, ...delivery },
        logger: quiet,
        kinds: MAIL_KIND_RULES,
        pollMs: 200,
        ...options,
      });
      senders.push(made);
      return made;
    };
    const smtpServer = async (options?: Parameters<typeof startTestSmtpServer>[1]) => {
      const server = await startTestSmtpServer(0, options);
      servers.push(server);
      return server;
    };

    beforeAll(async () => {
      testDb = await createTestDatabase(engine);
    });
    afterAll(async () => {
      await testDb.destroy();
    });
    beforeEach(async () => {
      await testDb.database.db.delete(outgoingMail);
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-bulk-"));
    });
    afterEach(async () => {
      for (const made of senders.splice(0)) await made.stop(100);
      for (const server of servers.splice(0)) await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it("sends a mailing's copies at the set rate, all on one reused SMTP connection", async () => {
      const smtp = await smtpServer();
      await enqueueMailing(db(), 12);
      const started = performance.now();
      const pacedSender = sender({ smtpUrl: smtp.url }, { ratePerMinute: 1200 }); // one every 50 ms
      await pacedSender.start();
      await until(() => smtp.received.length === 12, 15_000, "every copy");
      const took = performance.now() - started;
      expect(took).toBeGreaterThanOrEqual(11 * 50 - 5);
      expect(smtp.connections()).toBe(1);
      expect(recipientsOf(smtp).sort()).toEqual(Array.from({ length: 12 }, (_, i) => `reader${i}@example.com`).sort());
      await until(async () => (await statusCounts(db())).sent === 12, 5_000, "all marked sent");
      // Stopped while idle, it closes the connection at once (not after the pool's 5 s idle time).
      await pacedSender.idle();
      await pacedSender.stop(100);
      await until(() => smtp.openConnections() === 0, 1_000, "the pooled connection closed");
    });

    it("never makes a password reset or an enquiry wait behind a mailing", async () => {
      const smtp = await smtpServer();
      await enqueueMailing(db(), 40);
      await sender({ smtpUrl: smtp.url }, { ratePerMinute: 120 }).start(); // one every 500 ms: 20 s in all
      await until(() => smtp.received.length >= 1, 10_000, "the first copy");
      await enqueueMail(testDb.database.db, {
        kind: "message",
        to: "studio@example.com",
        subject: "Enquiry",
        text: "Hi",
      });
      await until(
        () => smtp.received.some((mail) => mail.subject === "Enquiry"),
        3_000,
        "the enquiry, ahead of the mailing",
      );
      expect(smtp.received.length).toBeLessThan(10);
    });

    it("fails, and never sends, a copy whose sender died holding it; other kinds are taken over and sent", async () => {
      const smtp = await smtpServer();
      const [copy] = await enqueueMailing(db(), 1);
      const reset = await enqueueMail(testDb.database.db, {
        kind: "message",
        to: "a@example.com",
        subject: "Left",
        text: "x",
      });
      // Both claimed by a sender that then died: leases run out a second ago.
      await testDb.database.db.execute(sql`
        update outgoing_mail set status = 'sending', claim_id = 'dead', attempts = 1,
               lease_until = now() - interval '1 second'`);
      await sender({ smtpUrl: smtp.url }).start();
      await until(() => smtp.received.length === 1, 10_000, "the message taken over");
      expect(smtp.received[0]?.subject).toBe("Left");
      // The server counts a message once its data has ended, a moment before the sender marks it sent.
      const statusOf = async (id: number | undefined) =>
        (await testDb.database.db.select().from(outgoingMail)).find((row) => row.id === id)?.status;
      await until(async () => (await statusOf(reset)) === "sent", 5_000, "the message marked sent");
      const rows = await testDb.database.db.select().from(outgoingMail);
      expect(rows.find((row) => row.id === copy)).toMatchObject({ status: "failed", lastError: INTERRUPTED_REASON });
      expect(rows.find((row) => row.id === reset)).toMatchObject({ status: "sent" });
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(smtp.received).toHaveLength(1);
    });

    it("stopped mid-batch, another sender takes over: no address gets the mailing twice", async () => {
      // A slow server: each copy waits 300 ms for its "250 OK", so the stop lands mid-send.
      const smtp = await smtpServer({ acceptDelayMs: 300 });
      await enqueueMailing(db(), 10);
      const first = sender({ smtpUrl: smtp.url }, { ratePerMinute: 60_000 });
      await first.start();
      await until(() => smtp.received.length >= 3, 10_000, "a few copies");
      await first.stop(50);
      await sender({ smtpUrl: smtp.url }, { ratePerMinute: 60_000 }).start();
      await until(
        async () => {
          const counts = await statusCounts(db());
          return !counts.queued && !counts.sending;
        },
        20_000,
        "the rest",
      );
      await new Promise((resolve) => setTimeout(resolve, 500));
      const received = recipientsOf(smtp);
      expect(new Set(received).size).toBe(received.length);
      const counts = await statusCounts(db());
      // The copy in hand at the stop was handed to the server: failed as interrupted, not sent again.
      const failed = await testDb.database.db.select().from(outgoingMail).where(eq(outgoingMail.status, "failed"));
      expect(failed.length).toBeLessThanOrEqual(1);
      for (const row of failed) expect(row.lastError).toBe(INTERRUPTED_REASON);
      expect((counts.sent ?? 0) + failed.length).toBe(10);
      // The server got every sent copy, and perhaps the interrupted one (it took it after the stop).
      expect(received.length - (counts.sent ?? 0)).toBeGreaterThanOrEqual(0);
      expect(received.length - (counts.sent ?? 0)).toBeLessThanOrEqual(failed.length);
    });
  });
}

describe.runIf(engineAvailable("postgres"))("a sender process killed mid-mailing (PostgreSQL)", () => {
  it("is taken over by another: every copy reaches its address at most once, counted at the SMTP server", async () => {
    const { url, drop } = await createPostgresTestDatabase();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-bulk-kill-"));
    const smtp = await startTestSmtpServer(0, { acceptDelayMs: 40 });
    const database = await openDatabase({ databaseUrl: url, dataDir });
    const db = database.db;
    let survivor: MailSender | undefined;
    const child = spawn(process.execPath, ["--import", "tsx", "tests/support/mail-sender-process.ts"], {
      env: {
        ...process.env,
        DATABASE_URL: url,
        SMTP_URL: smtp.url,
        DATA_DIR: dataDir,
        MAIL_RATE_PER_MINUTE: "60000",
        LEASE_MS: "1500",
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    try {
      await enqueueMailing(db, 80);
      await until(() => smtp.received.length >= 20, 30_000, "the killed process to be sending");
      child.kill("SIGKILL");
      await new Promise((resolve) => child.once("exit", resolve));
      const atKill = smtp.received.length;
      expect(atKill).toBeLessThan(80);
      survivor = new MailSender(database, {
        delivery: { smtpUrl: smtp.url, from: "Umbra <news@umbra.example>", dataDir, logger: quiet },
        logger: quiet,
        kinds: MAIL_KIND_RULES,
        ratePerMinute: 60_000,
        pollMs: 200,
      });
      await survivor.start();
      await until(
        async () => {
          const counts = await statusCounts(db);
          return !counts.queued && !counts.sending;
        },
        30_000,
        "every copy sent or failed",
      );
      await new Promise((resolve) => setTimeout(resolve, 500));
      const received = recipientsOf(smtp);
      expect(new Set(received).size).toBe(received.length);
      const counts = await statusCounts(db);
      expect((counts.sent ?? 0) + (counts.failed ?? 0)).toBe(80);
      // At most the one copy the killed process held: failed, with the reason the studio sees.
      expect(counts.failed ?? 0).toBeLessThanOrEqual(1);
      const failed = await database.db.select().from(outgoingMail).where(eq(outgoingMail.status, "failed"));
      for (const row of failed) expect(row.lastError).toBe(INTERRUPTED_REASON);
      expect(received.length).toBeGreaterThanOrEqual(79);
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
      await survivor?.stop(100);
      await database.close();
      await smtp.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
