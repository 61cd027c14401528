import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { processContentStore } from "#app/content/content-store.server.ts";
import { type Database, openDatabase } from "#app/db/database.server.ts";
import { enquiries } from "#app/db/enquiry-schema.ts";
import { outgoingMail } from "#app/db/mail-schema.ts";
import { authRateLimit } from "#app/db/schema.ts";
import { MailSender } from "#app/email/mail-sender.server.ts";
import {
  allTestEngines,
  createPostgresTestDatabase,
  createTestDatabase,
  engineAvailable,
  type TestDatabase,
} from "#tests/support/test-database.server.ts";
import { freePort, startTestSmtpServer } from "#tests/support/test-smtp-server.server.ts";
import { issueFormToken, TOKEN_MAX_AGE_MS } from "./form-token.server.ts";
import { enquiryLimitRules, submitEnquiry } from "./submit-enquiry.server.ts";

// The works an enquiry may name, as the routes hand them over.
const catalogue = processContentStore().catalogue();

// The configuration the pipeline reads (getEnv parses it on first use, after this line).
process.env.AUTH_SECRET = "enquiry-test-secret-0123456789-abcdefghij";
process.env.PUBLIC_URL = "https://umbra.example";
process.env.STUDIO_EMAIL = "studio@umbra.test";
const ORIGIN = "https://umbra.example";
const quiet = { info() {}, warn() {}, error() {} };
const fastRetry = { firstDelayMs: 150, maxDelayMs: 300, maxAttempts: 10 };

async function until(check: () => boolean | Promise<boolean>, ms = 15_000, what = "condition") {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A token issued `ageMs` ago: old enough to pass the 3-second check by default. */
const token = (ageMs = 5_000) => issueFormToken(Date.now() - ageMs);

const visitor = {
  subject: "work",
  ref: "the-trinket-maker",
  name: "Ada Collector",
  email: "Ada@Example.com",
  message: 'I saw "The Trinket Maker" and would like to hear about similar works.',
  interests: ["similar-works", "private-viewing"],
  location: "Melbourne, Australia",
  phone: "+61 400 000 000",
  source: "/art/the-trinket-maker",
  website: "",
};

type Fields = Partial<Record<keyof typeof visitor | "token", string | string[]>>;

function post(fields: Fields = {}, init: { headers?: Record<string, string>; body?: string } = {}): Request {
  const body = new URLSearchParams();
  const all: Fields = { ...visitor, token: token(), ...fields };
  for (const [name, value] of Object.entries(all)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
  }
  return new Request(`${ORIGIN}/api/enquiries`, {
    method: "POST",
    headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded", ...init.headers },
    body: init.body ?? body.toString(),
  });
}

let address = 0;
/** A fresh client address per test, so one test's allowance never spends another's. */
const nextAddress = () => `198.51.100.${++address % 250}-${address}`;

async function counts(database: Database) {
  const [e] = await database.db.select({ n: count() }).from(enquiries);
  const [m] = await database.db.select({ n: count() }).from(outgoingMail);
  return { enquiries: e?.n ?? 0, mail: m?.n ?? 0 };
}

for (const engine of allTestEngines) {
  describe.runIf(engineAvailable(engine))(`enquiries on ${engine}`, () => {
    let testDb: TestDatabase;
    let dataDir: string;
    const cleanups: Array<() => Promise<void>> = [];

    beforeAll(async () => {
      testDb = await createTestDatabase(engine);
    });
    afterAll(async () => {
      await testDb.destroy();
    });
    beforeEach(async () => {
      await testDb.database.db.delete(enquiries);
      await testDb.database.db.delete(outgoingMail);
      await testDb.database.db.delete(authRateLimit);
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-enquiry-"));
    });
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0)) await cleanup();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    const submit = (request: Request, ip = nextAddress()) => submitEnquiry(testDb.database.db, request, ip, catalogue);

    it("stores the enquiry and its mail to the studio together, the title and subject decided by the server", async () => {
      const outcome = await submit(post({ name: "  Ada Collector ", phone: "" }));
      expect(outcome.ok).toBe(true);
      const [row] = await testDb.database.db.select().from(enquiries);
      expect(row).toMatchObject({
        subject: "work",
        subjectRef: "the-trinket-maker",
        subjectTitle: "The Trinket Maker",
        interests: ["similar-works", "private-viewing"],
        name: "Ada Collector",
        email: "Ada@Example.com",
        emailKey: "ada@example.com",
        location: "Melbourne, Australia",
        phone: null,
        sourcePath: "/art/the-trinket-maker",
        status: "new",
      });
      const [mail] = await testDb.database.db.select().from(outgoingMail);
      expect(row?.mailId).toBe(mail?.id);
      expect(mail).toMatchObject({
        kind: "message",
        toAddress: "studio@umbra.test",
        subject: "Enquiry: The Trinket Maker, from Ada Collector",
      });
      expect(mail?.body).toContain(`${ORIGIN}/admin/enquiries/${row?.id}`);
      expect(mail?.body).toContain("Ada@Example.com");
    });

    it("keeps no enquiry when its mail record cannot be written (one transaction)", async () => {
      await testDb.database.db.execute(sql`
        create or replace function refuse_mail() returns trigger language plpgsql as $$
        begin raise exception 'mail table refuses'; end $$`);
      await testDb.database.db.execute(sql`
        create trigger refuse_mail before insert on outgoing_mail for each row execute function refuse_mail()`);
      try {
        await expect(submit(post())).rejects.toThrow();
        expect(await counts(testDb.database)).toEqual({ enquiries: 0, mail: 0 });
      } finally {
        await testDb.database.db.execute(sql`drop trigger refuse_mail on outgoing_mail`);
      }
    });

    it("mails the studio through a real SMTP server, never the visitor, with every field and the inbox link", async () => {
      const smtp = await startTestSmtpServer();
      cleanups.push(smtp.close);
      const sender = new MailSender(testDb.database, {
        delivery: { smtpUrl: smtp.url, from: "Umbra <no-reply@umbra.local>", dataDir, logger: quiet },
        logger: quiet,
        retry: fastRetry,
        pollMs: 200,
      });
      cleanups.push(() => sender.stop(100));
      await sender.start();
      const outcome = await submit(post());
      if (!outcome.ok) throw new Error(outcome.message);
      await until(() => smtp.received.length === 1, 10_000, "the studio's mail");
      const mail = smtp.received[0];
      expect(mail?.subject).toBe("Enquiry: The Trinket Maker, from Ada Collector");
      const to = [mail?.to].flat().flatMap((address) => address?.value.map((a) => a.address));
      expect(to).toEqual(["studio@umbra.test"]);
      expect(JSON.stringify([mail?.to, mail?.cc, mail?.bcc, mail?.replyTo])).not.toMatch(/example\.com/i);
      const text = mail?.text ?? "";
      for (const expected of [
        "Ada Collector",
        "Ada@Example.com",
        "Melbourne, Australia",
        "+61 400 000 000",
        "Similar works, A private viewing",
        `${ORIGIN}/art/the-trinket-maker`,
        visitor.message,
        `${ORIGIN}/admin/enquiries/${outcome.enquiry.id}`,
      ]) {
        expect(text).toContain(expected);
      }
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(smtp.received).toHaveLength(1);
    });

    it("gives the studio's mail client a one-line subject and no forged header, whatever control or encoded word a name holds", async () => {
      const smtp = await startTestSmtpServer();
      cleanups.push(smtp.close);
      const sender = new MailSender(testDb.database, {
        delivery: { smtpUrl: smtp.url, from: "Umbra <no-reply@umbra.local>", dataDir, logger: quiet },
        logger: quiet,
        retry: fastRetry,
        pollMs: 200,
      });
      cleanups.push(() => sender.stop(100));
      await sender.start();
      const names = [
        "Ada\u2028Bcc: evil@x.test",
        "Ada\u2029Bcc: evil@x.test",
        "Ada\u0085Bcc: evil@x.test",
        "Ada\u000bBcc: evil@x.test",
        "Ada\u000cBcc: evil@x.test",
        "Ada\u001bBcc: evil@x.test",
        "=?utf-8?q?x=0D=0ABcc:_evil@x.test?=",
        "Ada =?utf-8?b?DQpCY2M6IGV2aWxAeC50ZXN0?=",
      ];
      for (const [i, name] of names.entries()) {
        const outcome = await submit(post({ name, email: `forger-${i}@example.org` }));
        if (!outcome.ok) throw new Error(outcome.message);
      }
      await until(() => smtp.received.length === names.length, 15_000, "the studio's mails");
      for (const mail of smtp.received) {
        // As the studio's mail client decodes it: one line, nothing it could show as a new header.
        expect(mail.subject).toMatch(/^Enquiry: The Trinket Maker, from /);
        expect(mail.subject).not.toMatch(/[\p{Cc}\p{Zl}\p{Zp}]/u);
        expect(mail.headerLines.filter((line) => line.key === "subject")).toHaveLength(1);
        expect(mail.headers.has("bcc")).toBe(false);
        expect(mail.bcc).toBeUndefined();
        const to = [mail.to].flat().flatMap((address) => address?.value.map((a) => a.address));
        expect(to).toEqual(["studio@umbra.test"]);
      }
    });

    it("loses no enquiry mail while SMTP is down: it arrives once the server is back", async () => {
      const port = await freePort();
      const sender = new MailSender(testDb.database, {
        delivery: { smtpUrl: `smtp://127.0.0.1:${port}`, from: "Umbra <no-reply@umbra.local>", dataDir, logger: quiet },
        logger: quiet,
        retry: fastRetry,
        pollMs: 200,
      });
      cleanups.push(() => sender.stop(100));
      await sender.start();
      const outcome = await submit(post({ name: "Bea While-Down" }));
      expect(outcome.ok).toBe(true);
      await until(
        async () => ((await testDb.database.db.select().from(outgoingMail))[0]?.attempts ?? 0) >= 2,
        10_000,
        "two refused attempts",
      );
      const smtp = await startTestSmtpServer(port);
      cleanups.push(smtp.close);
      await until(() => smtp.received.length === 1, 10_000, "delivery after SMTP came back");
      expect(smtp.received[0]?.subject).toBe("Enquiry: The Trinket Maker, from Bea While-Down");
      expect(await counts(testDb.database)).toEqual({ enquiries: 1, mail: 1 });
    });

    describe("refusals: a 4xx with a sentence, nothing stored, nothing mailed", () => {
      const cases: Array<[string, () => Request, number, RegExp]> = [
        ["the hidden field filled in", () => post({ website: "http://spam.example" }), 400, /meant to stay empty/],
        ["sent too fast", () => post({ token: token(500) }), 400, /faster than anyone/],
        ["no token", () => post({ token: "" }), 400, /Reload the page/],
        [
          "a forged token",
          () => post({ token: token().replace(/.$/, (c) => (c === "A" ? "B" : "A")) }),
          400,
          /not opened on this site/,
        ],
        ["an expired token", () => post({ token: token(TOKEN_MAX_AGE_MS + 60_000) }), 400, /too long ago/],
        ["a token from the future", () => post({ token: issueFormToken(Date.now() + 60_000) }), 400, /faster/],
        [
          "another site's page",
          () => post({}, { headers: { origin: "https://evil.example" } }),
          403,
          /not sent from this site/,
        ],
        ["no Origin at all", () => post({}, { headers: { origin: "" } }), 403, /not sent from this site/],
        [
          "JSON instead of a form",
          () => post({}, { headers: { "content-type": "application/json" }, body: "{}" }),
          415,
          /enquiry form/,
        ],
        ["a body over the size limit", () => post({ message: "x".repeat(20_000) }), 413, /too long to send/],
        ["a message over its limit", () => post({ message: "x".repeat(5_001) }), 422, /change/],
        ["a bad email address", () => post({ email: "not-an-address" }), 422, /change/],
        ["an unknown subject", () => post({ subject: "free-money" }), 422, /change/],
        ["an unknown work", () => post({ ref: "no-such-work" }), 422, /change/],
        ["an unknown interest", () => post({ interests: ["crypto"] }), 422, /change/],
        ["a name over two lines", () => post({ name: "Ada\r\nBcc: x@example.com" }), 422, /change/],
        ["a NUL character", () => post({ message: "hi\u0000" }), 400, /NUL/],
        [
          "a broken multipart body",
          () => post({}, { headers: { "content-type": "multipart/form-data; boundary=x" }, body: "--x\r\nbroken" }),
          400,
          /malformed|incomplete/,
        ],
      ];
      for (const [name, request, status, message] of cases) {
        it(name, async () => {
          const outcome = await submit(request());
          expect(outcome.ok).toBe(false);
          if (outcome.ok) return;
          expect(outcome.status).toBe(status);
          expect(outcome.message).toMatch(message);
          expect(outcome.message).toMatch(/\.$/);
          expect(await counts(testDb.database)).toEqual({ enquiries: 0, mail: 0 });
        });
      }

      it("names each field's problem in words a person can act on", async () => {
        const outcome = await submit(post({ name: "", email: "nope", message: " ", phone: "call me" }));
        expect(outcome.ok).toBe(false);
        if (outcome.ok) return;
        expect(outcome.fieldErrors).toEqual({
          name: "Enter your name.",
          email: "Enter an email address like name@example.com.",
          message: "Write a message: what would you like to ask?",
          phone: "Enter a phone number with digits, spaces and + ( ) - only, or leave it empty.",
        });
        expect(outcome.values?.phone).toBe("call me");
      });

      it("a token works once: sent again (a replay, or a second process) it is refused with 409", async () => {
        const once = token();
        const [first, second] = await Promise.all([submit(post({ token: once })), submit(post({ token: once }))]);
        expect([first.ok, second.ok].sort()).toEqual([false, true]);
        const refused = first.ok ? second : first;
        expect(refused.ok || refused.status).toBe(409);
        const third = await submit(post({ token: once }));
        expect(third.ok || third.status).toBe(409);
        expect(await counts(testDb.database)).toEqual({ enquiries: 1, mail: 1 });
      });

      it("a form refused for a field keeps its token: corrected, it is sent", async () => {
        const kept = token();
        const refused = await submit(post({ token: kept, email: "nope" }));
        expect(refused.ok).toBe(false);
        expect((await submit(post({ token: kept }))).ok).toBe(true);
      });

      it("charges the client address first: past its allowance even a perfect form gets 429 with Retry-After", async () => {
        const ip = "203.0.113.9";
        const limit = enquiryLimitRules.address.limit;
        for (let i = 0; i < limit; i++) await submit(post({ token: "junk" }), ip);
        const outcome = await submit(post({ email: "fresh@example.org" }), ip);
        expect(outcome.ok || outcome.status).toBe(429);
        if (outcome.ok) return;
        expect(Number(outcome.headers?.["Retry-After"])).toBeGreaterThan(0);
        expect(outcome.message).toMatch(/Try again in \d+ minutes?/);
        expect(await counts(testDb.database)).toEqual({ enquiries: 0, mail: 0 });
      });

      it("charges the email address across client addresses: the sixth from one address in an hour is refused", async () => {
        const limit = enquiryLimitRules.email.limit;
        for (let i = 0; i < limit; i++) expect((await submit(post({ email: `Same@Example.com` }))).ok).toBe(true);
        const outcome = await submit(post({ email: "same@example.COM" }));
        expect(outcome.ok || outcome.status).toBe(429);
        expect(await counts(testDb.database)).toEqual({ enquiries: limit, mail: limit });
      });

      it("junk naming a collector's email (no token, a filled honeypot, another origin) leaves that collector able to enquire", async () => {
        const collector = "ada@example.com";
        const junk = [
          post({ email: collector, token: "" }),
          post({ email: collector, token: "e1.1.forged.sig" }),
          post({ email: collector, token: token(500) }),
          post({ email: collector, website: "https://spam.example" }),
          post({ email: collector }, { headers: { origin: "https://evil.example" } }),
        ];
        // Twice the email's allowance, each from another address as a botnet would.
        for (const request of [...junk, ...junk.map((r) => r.clone())]) {
          const outcome = await submit(request);
          expect(outcome.ok || outcome.status).not.toBe(429);
        }
        const real = await submit(post({ email: "Ada@Example.com" }));
        expect(real.ok).toBe(true);
        expect(await counts(testDb.database)).toEqual({ enquiries: 1, mail: 1 });
      });
    });

    it("1,000 junk submissions store nothing, queue no mail and leave memory roughly flat", async () => {
      const junk = (i: number) =>
        [
          () => post({ website: "spam" }),
          () => post({ token: "" }),
          () => post({ token: token(100) }),
          () => post({ token: `e1.${Date.now() - 9_000}.abc.forged` }),
          () => post({ message: "x".repeat(20_000) }),
          () => post({}, { headers: { origin: "https://evil.example" } }),
          () => post({ email: "nope" }),
        ][i % 7]?.() as Request;
      // Warm up, then measure.
      for (let i = 0; i < 50; i++) await submit(junk(i), `warm-${i}`);
      globalThis.gc?.();
      const before = process.memoryUsage().rss;
      const started = Date.now();
      const statuses = new Map<number, number>();
      for (let i = 0; i < 1_000; i++) {
        // Spread over 100 addresses: each spends its allowance, then is refused with 429.
        const outcome = await submit(junk(i), `junk-${i % 100}`);
        expect(outcome.ok).toBe(false);
        if (!outcome.ok) statuses.set(outcome.status, (statuses.get(outcome.status) ?? 0) + 1);
      }
      globalThis.gc?.();
      const after = process.memoryUsage().rss;
      const growthMb = (after - before) / 1024 / 1024;
      console.info(
        `1,000 junk enquiries on ${engine}: ${Date.now() - started} ms, RSS ${(before / 1048576).toFixed(0)} → ${(after / 1048576).toFixed(0)} MB, statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
      );
      expect(await counts(testDb.database)).toEqual({ enquiries: 0, mail: 0 });
      expect([...statuses.keys()].every((status) => status >= 400 && status < 500)).toBe(true);
      expect(growthMb).toBeLessThan(64);
      // The counters: one per address (and email), not one per post.
      const [counters] = await testDb.database.db.select({ n: count() }).from(authRateLimit);
      expect(counters?.n ?? 0).toBeLessThan(300);
    }, 180_000);
  });
}

describe.runIf(engineAvailable("postgres"))("enquiry mail with two processes on one PostgreSQL", () => {
  it("sends each enquiry's mail exactly once", async () => {
    const { url, drop } = await createPostgresTestDatabase();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-enquiry-two-"));
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
      const names = Array.from({ length: 20 }, (_, i) => `Collector ${i + 1}`);
      const outcomes = await Promise.all(
        names.map((name, i) =>
          submitEnquiry(
            (i % 2 ? first : second).db,
            post({ name, email: `c${i}@example.org` }),
            `10.0.0.${i}`,
            catalogue,
          ),
        ),
      );
      expect(outcomes.every((outcome) => outcome.ok)).toBe(true);
      await until(() => smtp.received.length >= names.length, 20_000, "every enquiry's mail");
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(smtp.received.map((mail) => mail.subject).sort()).toEqual(
        names.map((name) => `Enquiry: The Trinket Maker, from ${name}`).sort(),
      );
      const rows = await first.db.select({ id: enquiries.id, mailId: enquiries.mailId }).from(enquiries);
      expect(rows).toHaveLength(names.length);
      const sent = await first.db.select().from(outgoingMail).where(eq(outgoingMail.status, "sent"));
      expect(sent).toHaveLength(names.length);
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
