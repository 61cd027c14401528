import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { outboxDir, sendEmail } from "./send-email.server.ts";

describe("sendEmail without SMTP_URL", () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-mail-"));
  });
  afterEach(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("writes the message to the outbox under DATA_DIR and logs where through the logger", async () => {
    const lines: Array<{ fields: object; message: string }> = [];
    await sendEmail(
      { to: "admin@example.com", subject: "Reset", text: "Open https://x/reset" },
      {
        from: "Umbra <no-reply@umbra.local>",
        dataDir,
        logger: { info: (fields, message) => lines.push({ fields, message }) },
      },
    );
    const files = fs.readdirSync(outboxDir(dataDir));
    expect(files).toHaveLength(1);
    const file = path.join(outboxDir(dataDir), files[0] as string);
    const saved = JSON.parse(fs.readFileSync(file, "utf8"));
    expect(saved).toMatchObject({
      from: "Umbra <no-reply@umbra.local>",
      to: "admin@example.com",
      subject: "Reset",
      text: "Open https://x/reset",
    });
    expect(lines).toEqual([
      { fields: { to: "admin@example.com", subject: "Reset", file }, message: expect.stringContaining(file) },
    ]);
  });
});
