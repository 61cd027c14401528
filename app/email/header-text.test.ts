import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { startTestSmtpServer } from "#tests/support/test-smtp-server.server.ts";
import { deliverMail } from "./deliver-mail.server.ts";
import { plainHeaderText } from "./header-text.ts";

describe("plainHeaderText", () => {
  it.each([
    ["a CR LF", "Ada\r\nBcc: evil@x.test"],
    ["a line separator", "Ada\u2028Bcc: evil@x.test"],
    ["a paragraph separator", "Ada\u2029Bcc: evil@x.test"],
    ["NEL", "Ada\u0085Bcc: evil@x.test"],
    ["VT and FF", "Ada\u000b\u000cBcc: evil@x.test"],
    ["a C1 control", "Ada\u009bBcc: evil@x.test"],
  ])("turns %s into one space, leaving one line", (_what, name) => {
    expect(plainHeaderText(name)).toBe("Ada Bcc: evil@x.test");
  });

  it("breaks an RFC 2047 encoded word so no mail client decodes a line break out of it", () => {
    const plain = plainHeaderText("=?utf-8?q?x=0D=0ABcc:_evil@x?=");
    expect(plain).not.toMatch(/=\?/);
    expect(plain).not.toMatch(/\?=/);
  });

  it("drops bidirectional overrides and keeps ordinary names as they are", () => {
    expect(plainHeaderText("Ada \u202Emoc.live\u202C")).toBe("Ada moc.live");
    expect(plainHeaderText("  Zoë O'Brien-Nakamura, 小林  ")).toBe("Zoë O'Brien-Nakamura, 小林");
    expect(plainHeaderText("What? = yes")).toBe("What? = yes");
  });
});

describe("every mail sent", () => {
  it("reaches a real SMTP server with a one-line subject and no header it did not set, whoever composed it", async () => {
    const smtp = await startTestSmtpServer();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-header-text-"));
    try {
      const settings = { smtpUrl: smtp.url, from: "Umbra <no-reply@umbra.local>", dataDir, logger: { info() {} } };
      const subjects = [
        "Reset your Studio\u2028Bcc: evil@x.test admin password",
        "=?utf-8?q?x=0D=0ABcc:_evil@x.test?=",
      ];
      for (const [i, subject] of subjects.entries()) {
        await deliverMail({ to: "studio@umbra.test", subject, text: "Hello" }, settings, `mail-${i}`);
      }
      expect(smtp.received).toHaveLength(subjects.length);
      for (const mail of smtp.received) {
        expect(mail.subject).not.toMatch(/[\p{Cc}\p{Zl}\p{Zp}]/u);
        expect(mail.headers.has("bcc")).toBe(false);
        expect(mail.headerLines.filter((line) => line.key === "subject")).toHaveLength(1);
      }
    } finally {
      await smtp.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
