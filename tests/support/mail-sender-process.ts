// A mail sender alone in its own process, as a server runs it, for tests that kill it mid-send
// (app/email/bulk-mail-sender.server.test.ts). Settings from the environment: DATABASE_URL,
// SMTP_URL, DATA_DIR, MAIL_RATE_PER_MINUTE, LEASE_MS. Prints "sending" once it has started.
import { openDatabase } from "#app/db/database.server.ts";
import { MAIL_KIND_RULES } from "#app/email/mail-delivery.server.ts";
import { MailSender } from "#app/email/mail-sender.server.ts";

const env = process.env;
const quiet = { info() {}, warn() {}, error() {} };
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR ?? "" });
const sender = new MailSender(database, {
  delivery: { smtpUrl: env.SMTP_URL, from: "Umbra <news@umbra.example>", dataDir: env.DATA_DIR ?? "", logger: quiet },
  logger: quiet,
  kinds: MAIL_KIND_RULES,
  ratePerMinute: Number(env.MAIL_RATE_PER_MINUTE),
  leaseMs: Number(env.LEASE_MS),
  pollMs: 200,
});
await sender.start();
console.log("sending");
