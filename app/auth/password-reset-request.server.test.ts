import fs from "node:fs";
import path from "node:path";
import pino from "pino";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authVerification } from "#app/db/auth-schema.ts";
import { databaseContext } from "#app/db/context.ts";
import { outgoingMail } from "#app/db/mail-schema.ts";
import { MailSender } from "#app/email/mail-sender.server.ts";
import { loggerContext } from "#app/observability/context.ts";
import { action as resetPasswordAction } from "#app/routes/reset-password.tsx";
import {
  allTestEngines,
  createTestDatabase,
  engineAvailable,
  type TestDatabase,
} from "#tests/support/test-database.server.ts";
import { startSilentServer, startTestSmtpServer, type TestSmtpServer } from "#tests/support/test-smtp-server.server.ts";
import { createAdmin } from "./admin-accounts.server.ts";
import { getAuth } from "./auth.server.ts";
import { clientIpContext } from "./client-ip-context.ts";
import { passwordResetComposer } from "./password-reset-request.server.ts";

process.env.AUTH_SECRET ??= "integration-test-auth-secret-0123456789abcdef";
process.env.PUBLIC_URL ??= "http://test";

const quiet = { info() {}, warn() {}, error() {} };
const admin = { email: "studio@umbra.test", password: "a reset test passphrase 42" };

async function until(check: () => boolean | Promise<boolean>, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Every file under a folder, searched for a string as bytes (what another local user could read). */
function filesContaining(dir: string, needle: string): string[] {
  const found: string[] = [];
  const bytes = Buffer.from(needle);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    if (fs.readFileSync(file).includes(bytes)) found.push(file);
  }
  return found;
}

for (const engine of allTestEngines) {
  describe.runIf(engineAvailable(engine))(`password reset through the outgoing mail on ${engine}`, () => {
    let testDb: TestDatabase;
    let smtp: TestSmtpServer;
    let silent: Awaited<ReturnType<typeof startSilentServer>>;
    let context: RouterContextProvider;
    let closed = false;

    const ask = async (email: string) => {
      const request = new Request("http://test/reset-password", {
        method: "POST",
        headers: { Origin: "http://test", "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "request", email }),
      });
      const started = performance.now();
      const answer = await resetPasswordAction({ request, context, params: {} } as never);
      return { answer: JSON.stringify(answer), ms: performance.now() - started };
    };

    beforeAll(async () => {
      // SMTP_URL names a mail server that accepts and never speaks: the request must not wait on it.
      silent = await startSilentServer();
      process.env.SMTP_URL = silent.url;
      smtp = await startTestSmtpServer();
      testDb = await createTestDatabase(engine);
      await createAdmin(testDb.database, admin);
      context = new RouterContextProvider();
      context.set(databaseContext, testDb.database);
      context.set(clientIpContext, "203.0.113.9");
      context.set(loggerContext, pino({ level: "silent" }));
    });
    afterAll(async () => {
      if (!closed) await testDb.destroy();
      await smtp.close();
      await silent.close();
    });

    it("answers at once with the same words, for the admin's address and an unknown one, with no SMTP on the way", async () => {
      const known = await ask(admin.email);
      const unknown = await ask("nobody@umbra.test");
      expect(known.answer).toContain("If an admin account uses that address");
      expect(unknown.answer).toBe(known.answer);
      // "At once": a loose bound that a mail server taking 30 s to say hello would break.
      expect(known.ms).toBeLessThan(2_000);
      expect(unknown.ms).toBeLessThan(2_000);
      expect(silent.connections()).toBe(0);
      // The same write for both: one queued record each, no link in either.
      const rows = await testDb.database.db.select().from(outgoingMail);
      expect(rows.map((row) => [row.toAddress, row.kind, row.status, row.body])).toEqual([
        [admin.email, "password-reset", "queued", null],
        ["nobody@umbra.test", "password-reset", "queued", null],
      ]);
    });

    it("sends the admin a working link whose token the database never holds, and nothing to the unknown address", async () => {
      const sender = new MailSender(testDb.database, {
        delivery: { smtpUrl: smtp.url, from: "Umbra <no-reply@umbra.local>", dataDir: "unused", logger: quiet },
        logger: quiet,
        composers: { "password-reset": passwordResetComposer(testDb.database) },
      });
      await sender.start();
      try {
        await until(async () => {
          const rows = await testDb.database.db.select().from(outgoingMail);
          return rows.every((row) => row.status === "sent" || row.status === "skipped");
        });
      } finally {
        await sender.stop();
      }
      expect(smtp.received.map((mail) => mail.subject)).toEqual(["Reset your Umbra admin password"]);
      const mail = smtp.received[0];
      expect(mail?.to && "text" in mail.to ? mail.to.text : "").toBe(admin.email);
      const token = decodeURIComponent(/\/reset-password\?token=(\S+)/.exec(mail?.text ?? "")?.[1] ?? "");
      expect(token.length).toBeGreaterThanOrEqual(20);
      const statuses = await testDb.database.db
        .select({ to: outgoingMail.toAddress, status: outgoingMail.status })
        .from(outgoingMail);
      expect(statuses).toContainEqual({ to: "nobody@umbra.test", status: "skipped" });

      // Stored hashed: no verification row and no mail record holds the token.
      const identifiers = await testDb.database.db
        .select({ identifier: authVerification.identifier })
        .from(authVerification);
      expect(identifiers.length).toBeGreaterThan(0);
      expect(identifiers.filter((row) => row.identifier.includes(token))).toEqual([]);
      const bodies = await testDb.database.db.select({ body: outgoingMail.body }).from(outgoingMail);
      expect(bodies.filter((row) => row.body?.includes(token))).toEqual([]);

      // And the link works, once.
      const auth = getAuth(testDb.database);
      await auth.api.resetPassword({ body: { token, newPassword: "another reset passphrase 43" } });
      await expect(auth.api.resetPassword({ body: { token, newPassword: "a third passphrase 44" } })).rejects.toThrow();

      if (engine === "pglite") {
        // The files another local user could read (the WAL included) do not hold it either.
        await testDb.database.close();
        closed = true;
        expect(filesContaining(path.join(testDb.location, "pglite"), token)).toEqual([]);
        fs.rmSync(testDb.location, { recursive: true, force: true });
      }
    });
  });
}
