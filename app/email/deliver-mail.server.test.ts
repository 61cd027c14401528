import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startSilentServer, startTestSmtpServer } from "#tests/support/test-smtp-server.server.ts";
import { deliverMail, type MailSettings } from "./deliver-mail.server.ts";
import { outboxDir } from "./outbox-files.server.ts";

const message = { to: "admin@example.com", subject: "Reset", text: "Open https://x/reset" };
const from = "Umbra <no-reply@umbra.local>";

describe("deliverMail", () => {
  let dataDir: string;
  const lines: Array<{ fields: object; message: string }> = [];
  const settings = (extra: Partial<MailSettings> = {}): MailSettings => ({
    from,
    dataDir,
    logger: { info: (fields, text) => lines.push({ fields, message: text }) },
    ...extra,
  });
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-mail-"));
    lines.length = 0;
  });
  afterEach(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("without SMTP_URL writes the message to the outbox under DATA_DIR and logs where", async () => {
    await deliverMail(message, settings(), "2026-01-01-mail-1");
    const files = fs.readdirSync(outboxDir(dataDir));
    expect(files).toEqual(["2026-01-01-mail-1.json"]);
    const file = path.join(outboxDir(dataDir), "2026-01-01-mail-1.json");
    expect(JSON.parse(fs.readFileSync(file, "utf8"))).toMatchObject({ from, ...message });
    expect(lines).toEqual([
      { fields: { to: message.to, subject: message.subject, file }, message: expect.stringContaining(file) },
    ]);
  });

  it("without SMTP_URL records a message's HTML part and list headers in the outbox file too", async () => {
    const headers = {
      "List-Unsubscribe": "<https://umbra.example/u?token=t>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    };
    await deliverMail({ ...message, html: "<p>Open</p>", headers }, settings(), "with-parts");
    const file = path.join(outboxDir(dataDir), "with-parts.json");
    expect(JSON.parse(fs.readFileSync(file, "utf8"))).toMatchObject({ ...message, html: "<p>Open</p>", headers });
  });

  it("keeps outbox mail to the server's user (file 0600, folder 0700) whatever the umask or the folder's mode", async () => {
    fs.mkdirSync(outboxDir(dataDir), { mode: 0o755 });
    fs.chmodSync(outboxDir(dataDir), 0o755);
    const umask = process.umask(0);
    try {
      await deliverMail(message, settings(), "one");
    } finally {
      process.umask(umask);
    }
    expect(fs.statSync(outboxDir(dataDir)).mode & 0o777).toBe(0o700);
    const [file] = fs.readdirSync(outboxDir(dataDir));
    expect(fs.statSync(path.join(outboxDir(dataDir), file as string)).mode & 0o777).toBe(0o600);
  });

  it("sends over SMTP: the server receives the message from EMAIL_FROM", async () => {
    const smtp = await startTestSmtpServer();
    try {
      await deliverMail(message, settings({ smtpUrl: smtp.url }), "unused");
      expect(smtp.received).toHaveLength(1);
      const [mail] = smtp.received;
      expect(mail?.from?.text).toBe(`"Umbra" <no-reply@umbra.local>`);
      expect(mail?.to && "text" in mail.to ? mail.to.text : "").toBe(message.to);
      expect(mail?.subject).toBe(message.subject);
      expect(mail?.text?.trim()).toBe(message.text);
      expect(fs.existsSync(outboxDir(dataDir))).toBe(false);
    } finally {
      await smtp.close();
    }
  });

  it("gives up on a mail server that accepts and never speaks, after its short greeting limit", async () => {
    const silent = await startSilentServer();
    try {
      const attempt = deliverMail(message, settings({ smtpUrl: silent.url, timeouts: { greeting: 300 } }), "x");
      await expect(attempt).rejects.toThrow(/greeting/i);
      expect(silent.connections()).toBe(1);
    } finally {
      await silent.close();
    }
  });
});
