import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { outgoingMail } from "#app/db/mail-schema.ts";
import { outboxDir, outboxFileName, writeOutboxFile } from "#app/email/outbox-files.server.ts";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database.server.ts";
import { insertTestEnquiries } from "#tests/support/test-enquiries.server.ts";
import { removeForgottenOutboxFiles } from "./forgotten-mail-files.server.ts";
import { forgetEmail } from "./inbox.server.ts";

describe("outbox copies of forgotten enquiries", { timeout: 30_000 }, () => {
  let testDb: TestDatabase | undefined;
  let dataDir: string | undefined;
  afterEach(async () => {
    await testDb?.destroy();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("go with their mail records; the studio's other mail stays", async () => {
    testDb = await createTestDatabase("pglite");
    const { db } = testDb.database;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-outbox-"));
    await insertTestEnquiries(db, [{ email: "forget.me@example.test", message: "my words" }]);
    const mail = await db.select().from(outgoingMail);
    const [other] = await db
      .insert(outgoingMail)
      .values({ toAddress: "studio@umbra.test", subject: "Other", body: "unrelated" })
      .returning();
    if (!other) throw new Error("no row");
    for (const row of [...mail, other]) {
      await writeOutboxFile(dataDir, outboxFileName(row.createdAt, row.id), { text: row.body });
    }
    await writeOutboxFile(dataDir, "not-a-mail-file", { text: "kept" });
    expect(mail.length).toBeGreaterThan(0);

    await forgetEmail(db, "forget.me@example.test");
    expect(await removeForgottenOutboxFiles(db, dataDir)).toBe(mail.length);
    const left = fs.readdirSync(outboxDir(dataDir)).sort();
    expect(left).toEqual([`${outboxFileName(other.createdAt, other.id)}.json`, "not-a-mail-file.json"].sort());
    expect(left.map((name) => fs.readFileSync(path.join(outboxDir(dataDir!), name), "utf8")).join("")).not.toMatch(
      /my words/,
    );
  });
});
