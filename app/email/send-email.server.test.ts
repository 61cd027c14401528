import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { outboxDir, sendEmail } from "./send-email.server";

describe("sendEmail without SMTP_URL", () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-mail-"));
    vi.stubEnv("DATA_DIR", dataDir);
    vi.stubEnv("SMTP_URL", "");
    vi.spyOn(console, "log").mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("writes the message to the outbox under DATA_DIR and logs it", async () => {
    await sendEmail({ to: "admin@example.com", subject: "Reset", text: "Open https://x/reset" });
    const files = fs.readdirSync(outboxDir(dataDir));
    expect(files).toHaveLength(1);
    const saved = JSON.parse(fs.readFileSync(path.join(outboxDir(dataDir), files[0] as string), "utf8"));
    expect(saved).toMatchObject({ to: "admin@example.com", subject: "Reset", text: "Open https://x/reset" });
    expect(console.log).toHaveBeenCalledWith(expect.stringContaining("admin@example.com"));
  });
});
