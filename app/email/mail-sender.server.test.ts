import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "#app/db/database.server.ts";
import { outgoingMail } from "#app/db/mail-schema.ts";
import {
  allTestEngines,
  createPostgresTestDatabase,
  createTestDatabase,
  engineAvailable,
  type TestDatabase,
} from "#tests/support/test-database.server.ts";
import { freePort, startSilentServer, startTestSmtpServer } from "#tests/support/test-smtp-server.server.ts";
import type { MailSettings } from "./deliver-mail.server.ts";
import { MailSender, type MailSenderOptions } from "./mail-sender.server.ts";
import { enqueueMail } from "./outgoing-mail.server.ts";

const quiet = { info() {}, warn() {}, error() {} };
const fastRetry = { firstDelayMs: 150, maxDelayMs: 300, maxAttempts: 10 };

/** Polls until `check` holds (or fails the test after `ms`). */
async function until(check: () => boolean | Promise<boolean>, ms = 15_000, what = "condition") {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const rowOf = async (database: Database, id: number) =>
  (await database.db.select().from(outgoingMail).where(eq(outgoingMail.id, id)))[0];

for (const engine of allTestEngines) {
  describe.runIf(engineAvailable(engine))(`outgoing mail on ${engine}`, () => {
    let testDb: TestDatabase;
    let dataDir: string;
    const senders: MailSender[] = [];
    const cleanups: Array<() => Promise<void>> = [];

    const sender = (delivery: Partial<MailSettings>, options: Partial<MailSenderOptions> = {}, database?: Database) => {
      const made = new MailSender(database ?? testDb.database, {
        delivery: { from: "Umbra <no-reply@umbra.local>", dataDir, logger: quiet, ...delivery },
        logger: quiet,
        retry: fastRetry,
        pollMs: 200,
        ...options,
      });
      senders.push(made);
      return made;
    };

    beforeAll(async () => {
      testDb = await createTestDatabase(engine);
    });
    afterAll(async () => {
      await testDb.destroy();
    });
    beforeEach(async () => {
      await testDb.database.db.delete(outgoingMail);
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-mail-sender-"));
    });
    afterEach(async () => {
      for (const made of senders.splice(0)) await made.stop(100);
      for (const cleanup of cleanups.splice(0)) await cleanup();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it("sends a message written in the caller's transaction once it commits, and marks it sent", async () => {
      const smtp = await startTestSmtpServer();
      cleanups.push(smtp.close);
      await sender({ smtpUrl: smtp.url }).start();
      const id = await testDb.database.db.transaction(async (tx) => {
        const written = await enqueueMail(tx, {
          kind: "message",
          to: "visitor@example.com",
          subject: "Your enquiry",
          text: "Thank you.",
        });
        // Not sent before the transaction commits: the sender cannot see it yet.
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(smtp.received).toHaveLength(0);
        return written;
      });
      await until(() => smtp.received.length === 1, 10_000, "the message");
      expect(smtp.received[0]?.subject).toBe("Your enquiry");
      expect(smtp.received[0]?.text?.trim()).toBe("Thank you.");
      await until(async () => (await rowOf(testDb.database, id))?.status === "sent", 5_000, "sent");
      expect(await rowOf(testDb.database, id)).toMatchObject({ attempts: 1, lastError: null });
    });

    it("loses nothing while the mail server refuses: it is tried again and delivered once it is back", async () => {
      const port = await freePort();
      await sender({ smtpUrl: `smtp://127.0.0.1:${port}` }).start();
      const id = await enqueueMail(testDb.database.db, {
        kind: "message",
        to: "studio@example.com",
        subject: "While the server was down",
        text: "Still here.",
      });
      // Refused twice or more, and waiting for its next attempt (not given up).
      let waiting: Awaited<ReturnType<typeof rowOf>>;
      await until(
        async () => {
          waiting = await rowOf(testDb.database, id);
          return (waiting?.attempts ?? 0) >= 2 && waiting?.status === "queued";
        },
        10_000,
        "two refused attempts",
      );
      expect(waiting?.lastError).toMatch(/ECONNREFUSED/);

      const smtp = await startTestSmtpServer(port);
      cleanups.push(smtp.close);
      await until(() => smtp.received.length === 1, 10_000, "delivery after the server came back");
      expect(smtp.received[0]?.subject).toBe("While the server was down");
      await until(async () => (await rowOf(testDb.database, id))?.status === "sent", 5_000, "sent");
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(smtp.received).toHaveLength(1);
    });

    it("times out on a mail server that never speaks, tries again, and marks the message failed at the bound", async () => {
      const silent = await startSilentServer();
      cleanups.push(silent.close);
      await sender(
        { smtpUrl: silent.url, timeouts: { connection: 300, greeting: 300, socket: 300 } },
        { retry: { firstDelayMs: 100, maxDelayMs: 100, maxAttempts: 3 } },
      ).start();
      const id = await enqueueMail(testDb.database.db, {
        kind: "message",
        to: "studio@example.com",
        subject: "Into the void",
        text: "…",
      });
      await until(async () => (await rowOf(testDb.database, id))?.status === "failed", 10_000, "failed");
      const row = await rowOf(testDb.database, id);
      expect(row?.attempts).toBe(3);
      expect(row?.lastError).toMatch(/timeout|greeting/i);
      expect(silent.connections()).toBe(3);
    });

    it("gives a message back at shutdown when its send is not done, and the next sender delivers it", async () => {
      const silent = await startSilentServer();
      cleanups.push(silent.close);
      const first = sender({ smtpUrl: silent.url, timeouts: { greeting: 30_000 } });
      await first.start();
      const id = await enqueueMail(testDb.database.db, {
        kind: "message",
        to: "studio@example.com",
        subject: "Held at shutdown",
        text: "Do not drop me.",
      });
      await until(() => silent.connections() === 1, 5_000, "the send to start");
      expect((await rowOf(testDb.database, id))?.status).toBe("sending");
      await first.stop(200);
      expect(await rowOf(testDb.database, id)).toMatchObject({ status: "queued", attempts: 0 });

      const smtp = await startTestSmtpServer();
      cleanups.push(smtp.close);
      await sender({ smtpUrl: smtp.url }).start();
      await until(() => smtp.received.length === 1, 10_000, "delivery by the next sender");
      expect(smtp.received[0]?.subject).toBe("Held at shutdown");
    });

    it("without SMTP_URL writes one 0600 outbox file per message, even when sent again after a crash", async () => {
      const made = sender({});
      await made.start();
      const id = await enqueueMail(testDb.database.db, {
        kind: "message",
        to: "a@example.com",
        subject: "S",
        text: "T",
      });
      await until(async () => (await rowOf(testDb.database, id))?.status === "sent", 10_000, "sent");
      // As if the process died after writing the file but before recording it: sent again.
      await testDb.database.db.update(outgoingMail).set({ status: "queued" }).where(eq(outgoingMail.id, id));
      made.wake();
      // attempts counts at claim time, before the file is written: wait for the second send to finish.
      await until(
        async () => {
          const row = await rowOf(testDb.database, id);
          return row?.attempts === 2 && row.status === "sent";
        },
        10_000,
        "second send",
      );
      const files = fs.readdirSync(path.join(dataDir, "outbox"));
      expect(files).toHaveLength(1);
      expect(fs.statSync(path.join(dataDir, "outbox", files[0] as string)).mode & 0o777).toBe(0o600);
    });

    it("prunes sent mail and outbox files after the set time, keeps recent and failed mail", async () => {
      const { pruneMail } = await import("./outgoing-mail.server.ts");
      const { pruneOutboxFiles, writeOutboxFile } = await import("./outbox-files.server.ts");
      const rows = await testDb.database.db
        .insert(outgoingMail)
        .values([
          { toAddress: "old@x", subject: "old sent", status: "sent", updatedAt: sql`now() - interval '8 days'` },
          { toAddress: "new@x", subject: "new sent", status: "sent" },
          { toAddress: "f@x", subject: "old failed", status: "failed", updatedAt: sql`now() - interval '8 days'` },
        ])
        .returning({ subject: outgoingMail.subject });
      expect(rows).toHaveLength(3);
      const oldFile = await writeOutboxFile(dataDir, "old", {});
      const newFile = await writeOutboxFile(dataDir, "new", {});
      const eightDaysAgo = new Date(Date.now() - 8 * 24 * 3600_000);
      fs.utimesSync(oldFile, eightDaysAgo, eightDaysAgo);

      const weekAgo = new Date(Date.now() - 7 * 24 * 3600_000);
      const monthAgo = new Date(Date.now() - 30 * 24 * 3600_000);
      expect(await pruneMail(testDb.database.db, { sentBefore: weekAgo, failedBefore: monthAgo })).toBe(1);
      expect(await pruneOutboxFiles(dataDir, weekAgo)).toBe(1);
      const left = await testDb.database.db.select({ subject: outgoingMail.subject }).from(outgoingMail);
      expect(left.map((row) => row.subject).sort()).toEqual(["new sent", "old failed"]);
      expect(fs.existsSync(oldFile)).toBe(false);
      expect(fs.existsSync(newFile)).toBe(true);
    });
  });
}

describe.runIf(engineAvailable("postgres"))("outgoing mail with two processes on one PostgreSQL", () => {
  it("sends each message exactly once", async () => {
    const { url, drop } = await createPostgresTestDatabase();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-mail-two-"));
    const smtp = await startTestSmtpServer();
    const first = await openDatabase({ databaseUrl: url, dataDir });
    const second = await openDatabase({ databaseUrl: url, dataDir });
    const senders = [first, second].map(
      (database) =>
        new MailSender(database, {
          delivery: { smtpUrl: smtp.url, from: "Umbra <no-reply@umbra.local>", dataDir, logger: quiet },
          logger: quiet,
          retry: fastRetry,
          pollMs: 200,
        }),
    );
    try {
      await Promise.all(senders.map((made) => made.start()));
      const subjects = Array.from({ length: 40 }, (_, i) => `Message ${i + 1}`);
      // Written from both processes, in bursts, while both senders run.
      await Promise.all(
        subjects.map((subject, i) =>
          enqueueMail((i % 2 ? first : second).db, {
            kind: "message",
            to: "studio@example.com",
            subject,
            text: subject,
          }),
        ),
      );
      await until(() => smtp.received.length >= subjects.length, 20_000, "every message");
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(smtp.received.map((mail) => mail.subject).sort()).toEqual([...subjects].sort());
      const sent = await first.db.select({ status: outgoingMail.status }).from(outgoingMail);
      expect(sent.every((row) => row.status === "sent")).toBe(true);
    } finally {
      await Promise.all(senders.map((made) => made.stop(100)));
      await first.close();
      await second.close();
      await smtp.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
