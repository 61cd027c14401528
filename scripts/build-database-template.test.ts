import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, describe, expect, it } from "vitest";
import { migrationsFolder, pgliteVersion } from "#app/db/database.server.ts";

describe("the build's database template", () => {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "umbra-template-")), "pglite-template");
  afterAll(() => fs.rmSync(path.dirname(out), { recursive: true, force: true }));

  it("holds every migration's tables and no rows, stamped with the PGlite that made it", async () => {
    execFileSync(process.execPath, ["scripts/build-database-template.mjs", "--out", out], { stdio: "pipe" });
    expect(fs.readFileSync(path.join(out, "PGLITE_VERSION"), "utf8").trim()).toBe(pgliteVersion());
    expect(fs.readFileSync(path.join(out, "MIGRATIONS"), "utf8").trim()).toMatch(/^[0-9a-f]{64}$/);
    // What a fresh data folder gets: a copy, opened where it lies.
    const copy = path.join(path.dirname(out), "copy");
    fs.cpSync(out, copy, { recursive: true });
    const db = await PGlite.create(copy);
    try {
      const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), "meta/_journal.json"), "utf8"));
      const applied = await db.query<{ count: number }>(
        "select count(*)::int as count from drizzle.__drizzle_migrations",
      );
      expect(applied.rows[0]?.count).toBe(journal.entries.length);
      for (const table of ["quotes", "content_documents", "enquiries", "viewing_rooms", "outgoing_mail"]) {
        const rows = await db.query<{ count: number }>(`select count(*)::int as count from ${table}`);
        expect(rows.rows[0]?.count, table).toBe(0);
      }
    } finally {
      await db.close();
    }
  }, 120_000);

  it("is made again only when PGlite or the migrations changed", () => {
    const stamp = fs.statSync(path.join(out, "PG_VERSION")).mtimeMs;
    execFileSync(process.execPath, ["scripts/build-database-template.mjs", "--out", out], { stdio: "pipe" });
    expect(fs.statSync(path.join(out, "PG_VERSION")).mtimeMs).toBe(stamp);
    fs.writeFileSync(path.join(out, "MIGRATIONS"), "an older set\n");
    execFileSync(process.execPath, ["scripts/build-database-template.mjs", "--out", out], { stdio: "pipe" });
    expect(fs.readFileSync(path.join(out, "MIGRATIONS"), "utf8").trim()).toMatch(/^[0-9a-f]{64}$/);
  }, 120_000);
});
