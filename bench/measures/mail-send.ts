import fs from "node:fs";
import type net from "node:net";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { openDatabase } from "#app/db/database.server.ts";
import { makeDkimKey } from "#app/email/dkim-key.server.ts";
import { DEFAULT_MAIL_RATE_PER_MINUTE } from "#app/email/mail-sender.server.ts";
import { sendMailing } from "#app/mailings/mailing-sending.server.ts";
import { createPostgresDatabase } from "#tests/support/server-process.ts";
import { atLeast, atMost, info, type Measurement, round } from "../budgets.ts";
import { startServer } from "../server-process.ts";
import { constantRate, quantile } from "./constant-rate.ts";
import { MemoryRecorder, sampleMemory } from "./memory-samples.ts";

const MESSAGES = 10_000;
// The studio's own rate (MAIL_RATE_PER_MINUTE's default, 600 a minute), so the figures are what an
// artist's server does: 10,000 copies take about 17 minutes. The sender's memory grows with its
// pace (a quicker rate makes garbage faster than V8 gives it back): BENCH_MAIL_RATE=6000 sends ten
// times faster, in under two minutes, and docs/performance.md gives its figures too.
const RATE_PER_MINUTE = Number(process.env.BENCH_MAIL_RATE) || DEFAULT_MAIL_RATE_PER_MINUTE;
// Visitors: an even 40 requests a second over the public pages (open loop, as constant-rate.ts
// explains: a closed-loop flat-out load would measure the load generator's queue, not a visitor).
const PAGE_RATE = 40;
const BEFORE_SECONDS = 15;
const WINDOW_SECONDS = 5;

/** A local SMTP server that counts each message and its recipient, and keeps nothing else. */
async function startCountingSmtp() {
  const recipients: string[] = [];
  const times: number[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on("end", () => {
        for (const rcpt of session.envelope.rcptTo) recipients.push(rcpt.address);
        times.push(performance.now());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = (server as unknown as { server: net.Server }).server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    recipients,
    times,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/**
 * Issue 41: "sending 10,000 messages through a local SMTP server neither slows public pages nor
 * grows memory by more than 50 MB". The server on PostgreSQL (TEST_DATABASE_URL), DKIM-signing,
 * sending to a counting SMTP server; public pages at an even rate before, then while a mailing
 * to 10,000 confirmed subscribers is sent as the studio sends one (queued in one transaction,
 * each copy composed with its own unsubscribe token, paced on one pooled connection). Figures: messages a second, pages' p50/p95 before and during, the server's RSS growth.
 */
export async function measureMailSend(port: number, pages: string[]): Promise<Measurement[]> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) return [info("Mail: 10,000 messages", null, "", "skipped: TEST_DATABASE_URL is not set")];
  const database = await createPostgresDatabase(baseUrl);
  const smtp = await startCountingSmtp();
  const dataDir = fs.mkdtempSync(`${process.env.TMPDIR ?? "/tmp"}/umbra-bench-mail-`);
  makeDkimKey(dataDir);
  const server = await startServer(port, {
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    SMTP_URL: smtp.url,
    EMAIL_FROM: "Umbra <news@umbra.example>",
    DKIM_DOMAIN: "umbra.example",
    DKIM_SELECTOR: "bench",
    MAIL_RATE_PER_MINUTE: String(RATE_PER_MINUTE),
    WARM_IMAGES: "off",
    AUTH_SECRET: "bench-mail-auth-secret-0123456789abcdef",
  });
  const recorder = new MemoryRecorder(server.process.pid ?? 0);
  try {
    const load = (seconds: number) => constantRate({ url: server.url, paths: pages, rate: PAGE_RATE, seconds });
    await load(3); // every page rendered and cached once
    recorder.phase = "before";
    const before = await load(BEFORE_SECONDS);
    const baseline = sampleMemory(server.process.pid ?? 0)?.rss ?? 0;
    recorder.phase = "sending";
    const queuedAt = performance.now();
    const queueMs = await queueMailing(database.url);
    const during: number[] = [];
    let errors = before.errors + before.non2xx;
    const deadline = queuedAt + (MESSAGES / RATE_PER_MINUTE) * 60_000 * 2 + 60_000;
    while (smtp.times.length < MESSAGES && performance.now() < deadline) {
      const window = await load(WINDOW_SECONDS);
      during.push(...window.sorted);
      errors += window.errors + window.non2xx;
    }
    const sentSeconds = ((smtp.times.at(-1) ?? queuedAt) - queuedAt) / 1000;
    const peak = recorder.peak("rss", "sending");
    during.sort((a, b) => a - b);
    const unique = new Set(smtp.recipients).size;
    return [
      atLeast(
        "Mail: messages received (10,000 queued)",
        smtp.times.length,
        MESSAGES,
        "",
        `${unique} addresses, each once`,
      ),
      info("Mail: queueing 10,000 copies (the Send button's one transaction)", round(queueMs), "ms"),
      atMost("Mail: addresses that got a message twice", smtp.recipients.length - unique, 0),
      info(
        "Mail: messages a second, queued to last received",
        round(smtp.times.length / Math.max(sentSeconds, 0.001), 1),
        "msg/s",
        `set rate ${RATE_PER_MINUTE}/min = ${round(RATE_PER_MINUTE / 60, 1)}/s, DKIM-signed, ${round(sentSeconds, 1)} s`,
      ),
      info("Mail: public pages p50 before the send", before.p50, "ms", `${PAGE_RATE} req/s over ${pages.length} pages`),
      info("Mail: public pages p95 before the send", before.p95, "ms"),
      info("Mail: public pages p50 during the send", quantile(during, 0.5), "ms", `${during.length} requests`),
      atMost(
        "Mail: public pages p95 during the send",
        quantile(during, 0.95),
        Math.max(2 * before.p95, before.p95 + 20),
        "ms",
        "budget: twice the p95 before, or 20 ms more",
      ),
      atMost("Mail: page requests failed during the bench", errors, 0),
      atMost(
        "Mail: server RSS growth while sending",
        round(peak - baseline, 1),
        50,
        "MB",
        `from ${round(baseline)} MB`,
      ),
    ];
  } finally {
    recorder.stop();
    await server.stop();
    await smtp.close();
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * 10,000 confirmed readers of "New work and exhibitions" and a mailing to them, sent as the
 * studio's Send button sends it (one transaction queues a copy each); every copy is then composed
 * by the server with its reader's own unsubscribe token, DKIM-signed and sent.
 */
async function queueMailing(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let id: number;
  try {
    await client.query(
      `insert into subscribers (address, status, confirmed_at)
       select 'reader' || i || '@example.com', 'confirmed', now() from generate_series(1, $1::int) as i`,
      [MESSAGES],
    );
    await client.query(
      `insert into subscriber_topics (subscriber_id, topic_id, confirmed_at)
       select subscribers.id, subscription_topics.id, now() from subscribers, subscription_topics
       where subscription_topics.key = 'new-work'`,
    );
    const body = `![The Source of Novelty](image:artworks/the-source-of-novelty)\n\nSix of the twelve Icaro prints are available.${" More words.".repeat(150)}\n\n[See them](/art?series=Icaro)`;
    const inserted = await client.query<{ id: number }>(
      `insert into mailings (subject, body, topic_keys, web_slug)
       values ('New work: the Icaro prints', $1, '{new-work}', 'bench-new-work') returning id`,
      [body],
    );
    id = inserted.rows[0]?.id as number;
  } finally {
    await client.end();
  }
  const database = await openDatabase({ dataDir: "unused", databaseUrl: url });
  try {
    const started = performance.now();
    const queued = await sendMailing(database.db, id, new Date());
    if (queued !== MESSAGES) throw new Error(`the mailing queued ${queued} copies, not ${MESSAGES}`);
    return performance.now() - started;
  } catch (error) {
    // Drizzle's "Failed query" names the SQL; PostgreSQL's reason is its cause.
    const cause = (error as Error).cause;
    throw cause instanceof Error ? new Error(`${(error as Error).message.split("\n")[0]} ${cause.message}`) : error;
  } finally {
    await database.close();
  }
}
