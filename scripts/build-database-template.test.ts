import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, describe, expect, it } from "vitest";
import { documentsFingerprint } from "#app/content/content-fingerprint.ts";
import { contentFolder } from "#app/content/content-registry.server.ts";
import { contentDir } from "#app/content-files/content-files.server.ts";
import { migrationsFolder, pgliteVersion } from "#app/db/database.server.ts";

describe("the build's database template", () => {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "umbra-template-")), "pglite-template");
  afterAll(() => fs.rmSync(path.dirname(out), { recursive: true, force: true }));
  // What the build writes beside its server (server/content-vite-plugin.ts): the content folder's documents.
  const documents = contentFolder(contentDir()).all();
  const documentsFile = path.join(path.dirname(out), "content-documents.json");
  fs.writeFileSync(documentsFile, JSON.stringify(Object.fromEntries(documents)));
  const make = (...extra: string[]) =>
    execFileSync(
      process.execPath,
      ["--import", "tsx", "scripts/build-database-template.mjs", "--out", out, "--documents", documentsFile, ...extra],
      { stdio: "pipe" },
    );

  it("holds every migration's tables and the build's content, stamped with the PGlite that made it", async () => {
    make();
    expect(fs.readFileSync(path.join(out, "PGLITE_VERSION"), "utf8").trim()).toBe(pgliteVersion());
    expect(fs.readFileSync(path.join(out, "MIGRATIONS"), "utf8").trim()).toMatch(/^[0-9a-f]{64}$/);
    expect(fs.readFileSync(path.join(out, "CONTENT"), "utf8").trim()).toBe(documentsFingerprint(documents));
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
      for (const table of ["quotes", "enquiries", "viewing_rooms", "outgoing_mail"]) {
        const rows = await db.query<{ count: number }>(`select count(*)::int as count from ${table}`);
        expect(rows.rows[0]?.count, table).toBe(0);
      }
      // Published as a first start would, so a new data folder neither reads nor imports them (decision 050).
      const content = await db.query<{ documents: number; revisions: number }>(
        "select (select count(*)::int from content_documents) as documents, (select count(*)::int from content_revisions where revision = 1 and action = 'import') as revisions",
      );
      expect(content.rows[0]).toEqual({ documents: documents.size, revisions: documents.size });
      const state = await db.query("select version::int, build_version::int, build_fingerprint from content_state");
      expect(state.rows[0]).toEqual({
        version: 1,
        build_version: 1,
        build_fingerprint: documentsFingerprint(documents),
      });
    } finally {
      await db.close();
    }
  }, 120_000);

  it("is made again only when PGlite, the migrations or the content changed", () => {
    const stamp = fs.statSync(path.join(out, "PG_VERSION")).mtimeMs;
    make();
    expect(fs.statSync(path.join(out, "PG_VERSION")).mtimeMs).toBe(stamp);
    fs.writeFileSync(path.join(out, "MIGRATIONS"), "an older set\n");
    make();
    expect(fs.readFileSync(path.join(out, "MIGRATIONS"), "utf8").trim()).toMatch(/^[0-9a-f]{64}$/);
    const remade = fs.statSync(path.join(out, "PG_VERSION")).mtimeMs;
    fs.writeFileSync(path.join(out, "CONTENT"), "another build's content\n");
    make();
    expect(fs.statSync(path.join(out, "PG_VERSION")).mtimeMs).not.toBe(remade);
    expect(fs.readFileSync(path.join(out, "CONTENT"), "utf8").trim()).toBe(documentsFingerprint(documents));
  }, 120_000);
});
