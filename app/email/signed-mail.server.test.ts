import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { dkimVerify } from "mailauth/lib/dkim/verify.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestSmtpServer, type TestSmtpServer } from "#tests/support/test-smtp-server.server.ts";
import { deliverMail, type EmailMessage, type MailSettings } from "./deliver-mail.server.ts";
import { dkimTxtRecord, loadDkimSigning, makeDkimKey } from "./dkim-key.server.ts";
import { MailHeaderError } from "./list-headers.ts";
import { outboxDir } from "./outbox-files.server.ts";

const DOMAIN = "umbra.example";
const SELECTOR = "umbra2026";
const unsubscribe = "<https://umbra.example/subscriptions/unsubscribe?token=k3y-Only-For-This-Address>";

const mailing: EmailMessage = {
  to: "collector@example.com",
  subject: "A print of The Source of Novelty is available",
  text: "A print is available.\n\nhttps://umbra.example/art/the-source-of-novelty",
  html: '<p>A print is available.</p><p><a href="https://umbra.example/art/the-source-of-novelty">See it</a></p>',
  headers: {
    "List-Unsubscribe": unsubscribe,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    "List-Id": "Umbra <news.umbra.example>",
    Precedence: "bulk",
  },
};

describe("mail that arrives: both parts, the list headers and a DKIM signature a receiver checks", () => {
  let dataDir: string;
  let smtp: TestSmtpServer;
  let settings: MailSettings;
  let txt: string;
  // Verified as RFC 6376 says (strict: a body hash that does not match is "fail", not mailauth's
  // lenient "neutral"). A receiver's DNS: the record `npm run mail:dkim-key` prints, and nothing else.
  const resolver = async (name: string, type: string) => {
    if (type === "TXT" && name === `${SELECTOR}._domainkey.${DOMAIN}`) return [[txt]];
    throw Object.assign(new Error(`no ${type} record for ${name}`), { code: "ENOTFOUND" });
  };

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-dkim-"));
    const { publicKey } = makeDkimKey(dataDir);
    txt = dkimTxtRecord(publicKey, DOMAIN, SELECTOR).value;
    smtp = await startTestSmtpServer();
    settings = {
      smtpUrl: smtp.url,
      from: "Umbra <news@umbra.example>",
      dataDir,
      logger: { info() {} },
      dkim: loadDkimSigning(dataDir, DOMAIN, SELECTOR),
    };
    await deliverMail(mailing, settings, "unused");
  });
  afterAll(async () => {
    await smtp.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("arrives as multipart/alternative with the plain text and the HTML", () => {
    const [mail] = smtp.received;
    expect(mail?.text?.trim()).toBe(mailing.text);
    expect(mail?.html).toContain('<a href="https://umbra.example/art/the-source-of-novelty">');
    expect(smtp.raw[0]?.toString()).toMatch(/Content-Type: multipart\/alternative/i);
  });

  it("carries List-Unsubscribe, List-Unsubscribe-Post, List-Id and Precedence as given", () => {
    const lines = new Map(smtp.received[0]?.headerLines.map((line) => [line.key, line.line]));
    const value = (key: string) =>
      lines
        .get(key)
        ?.replace(/^[^:]+:\s*/, "")
        .replace(/\r?\n\s+/g, " ");
    expect(value("list-unsubscribe")).toBe(unsubscribe);
    expect(value("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(value("list-id")).toBe("Umbra <news.umbra.example>");
    expect(value("precedence")).toBe("bulk");
  });

  it("is judged pass by a DKIM verifier, aligned with From, its signature covering the one-click headers", async () => {
    const { results } = await dkimVerify(smtp.raw[0] as Buffer, { resolver, strict: true });
    expect(results).toHaveLength(1);
    const [result] = results as Array<{
      status: { result: string; aligned: string | false };
      signingDomain: string;
      selector: string;
      signingHeaders: { keys: string };
    }>;
    expect(result?.status.result).toBe("pass");
    expect(result?.signingDomain).toBe(DOMAIN);
    expect(result?.selector).toBe(SELECTOR);
    expect(result?.status.aligned).toBe(DOMAIN);
    const signed = result?.signingHeaders.keys.toLowerCase().split(": ").join(":").split(":") ?? [];
    for (const name of ["from", "to", "subject", "list-unsubscribe", "list-unsubscribe-post", "list-id"]) {
      expect(signed).toContain(name);
    }
  });

  it("is judged fail when the body is changed after signing", async () => {
    const raw = smtp.raw[0]?.toString("latin1") ?? "";
    expect(raw).toContain("A print is available.");
    const tampered = raw.replace("A print is available.", "A print is available now");
    const { results } = await dkimVerify(Buffer.from(tampered, "latin1"), { resolver, strict: true });
    expect((results[0] as { status: { result: string } }).status.result).toBe("fail");
  });

  it("is judged fail when a signed header (the unsubscribe address) is changed after signing", async () => {
    const raw = smtp.raw[0]?.toString("latin1") ?? "";
    const tampered = raw.replace("k3y-Only-For-This-Address", "k3y-Only-For-Another-Addr");
    expect(tampered).not.toBe(raw);
    const { results } = await dkimVerify(Buffer.from(tampered, "latin1"), { resolver, strict: true });
    expect((results[0] as { status: { result: string } }).status.result).toBe("fail");
  });
});

describe("hostile headers are refused before anything is sent or written", () => {
  const hostile: Array<[string, Record<string, string>, RegExp]> = [
    [
      "a CR LF in a value (a forged Bcc)",
      { "List-Unsubscribe": "<https://x.example/u>\r\nBcc: evil@x.test" },
      /line break/,
    ],
    ["a bare LF", { "List-Id": "Umbra <news.umbra.example>\nBcc: evil@x.test" }, /line break/],
    ["a Unicode line separator", { "List-Id": "Umbra\u2028Bcc: evil@x.test <news.umbra.example>" }, /line break/],
    ["an encoded word", { "List-Id": "=?utf-8?q?x=0D=0ABcc:_evil@x?= <news.umbra.example>" }, /encoded word/],
    ["a header not on the list", { Bcc: "evil@x.test" }, /"Bcc" may not be added/],
    ["Reply-To", { "Reply-To": "evil@x.test" }, /"Reply-To" may not be added/],
    ["a name in another case", { "list-unsubscribe": "<https://x.example/u>" }, /may not be added/],
    ["an oversized value", { "List-Unsubscribe": `<https://x.example/${"a".repeat(2000)}>` }, /longer than 900/],
    ["an http (not https) unsubscribe address", { "List-Unsubscribe": "<http://x.example/u>" }, /https/],
    ["a one-click header of another form", { "List-Unsubscribe-Post": "List-Unsubscribe=Yes" }, /One-Click/],
    ["a Precedence that is not bulk or list", { Precedence: "junk" }, /bulk/],
  ];
  let dataDir: string;
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-headers-"));
    smtp = await startTestSmtpServer();
  });
  afterAll(async () => {
    await smtp.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it.each(hostile)("%s", async (_what, headers, message) => {
    const base = { to: "a@example.com", subject: "S", text: "T", headers } as unknown as EmailMessage;
    const settings = { from: "Umbra <news@umbra.example>", dataDir, logger: { info() {} } };
    for (const smtpUrl of [smtp.url, undefined]) {
      const attempt = deliverMail(base, { ...settings, smtpUrl }, "hostile");
      await expect(attempt).rejects.toThrow(MailHeaderError);
      await expect(attempt).rejects.toThrow(message);
    }
    expect(smtp.received).toHaveLength(0);
    expect(fs.existsSync(outboxDir(dataDir))).toBe(false);
  });

  it("names the header refused but never repeats its value (it may hold a token)", async () => {
    const attempt = deliverMail(
      {
        to: "a@example.com",
        subject: "S",
        text: "T",
        headers: { "List-Unsubscribe": "<https://x/u?token=SECRET>\r\n" },
      },
      { from: "a@umbra.example", dataDir, logger: { info() {} } },
      "x",
    );
    await expect(attempt).rejects.toThrow(/^(?!.*SECRET)/s);
  });
});
