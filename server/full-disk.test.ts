import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import pino from "pino";
import type { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/db/database.server.ts";
import { quotes } from "#app/db/schema.ts";
import { action as setMany } from "#app/routes/api.admin.quotes.ts";
import { seedFromTestTemplate } from "#tests/support/pglite-test-template.ts";
import { signedInAdminCookie } from "#tests/support/test-admin-session.server.ts";
import { readiness } from "./readiness.ts";
import { routerContextFor } from "./router-context.ts";
import { createServices, type Services, StartupError, stopServices } from "./services.ts";

// A real full disk: DATA_DIR on a small tmpfs this test mounts (root only) and fills. 96 MB: a
// fresh PGlite folder with its WAL takes about 40.
const root = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-full-disk-"));
const disk = path.join(root, "disk");
const dataDir = path.join(disk, "data");
// Restored after: later test files in this worker must not find DATA_DIR on an unmounted disk.
const before = { DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL };
process.env.DATA_DIR = dataDir;
process.env.DATABASE_URL = "";
afterAll(() => {
  for (const [name, value] of Object.entries(before)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});
process.env.AUTH_SECRET ??= "integration-test-auth-secret-0123456789abcdef";
process.env.PUBLIC_URL ??= "http://test";

/** Why this machine cannot run the test, or undefined once the tmpfs is mounted. */
function mountSmallDisk(): string | undefined {
  if (process.getuid?.() !== 0) return "needs root to mount a small tmpfs";
  fs.mkdirSync(disk);
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=96m,mode=0700", "tmpfs", disk], { stdio: "pipe" });
    return undefined;
  } catch (error) {
    return `mount refused: ${String((error as { stderr?: Buffer }).stderr ?? error).trim()}`;
  }
}
const skipped = mountSmallDisk();
if (skipped) fs.rmSync(root, { recursive: true, force: true });

/** Fills the disk holding `dir` to the last byte; returns what frees it again. */
function fillDisk(dir: string): () => void {
  const filler = path.join(dir, `filler-${Math.random().toString(36).slice(2)}`);
  const fd = fs.openSync(filler, "w");
  try {
    for (const size of [1024 * 1024, 4096, 512]) {
      const chunk = Buffer.alloc(size, 1);
      try {
        for (;;) fs.writeSync(fd, chunk);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
      }
    }
  } finally {
    fs.closeSync(fd);
  }
  return () => fs.rmSync(filler, { force: true });
}

describe.skipIf(skipped)(`a full disk (DATA_DIR on a 96 MB tmpfs${skipped ? `; skipped: ${skipped}` : ""})`, () => {
  let services: Services | undefined;
  let context: RouterContextProvider;
  let cookie = "";
  let readyz = "";
  let server: ReturnType<ReturnType<typeof express>["listen"]> | undefined;
  const ids: number[] = [];

  beforeAll(async () => {
    // Built as the server builds them: PGlite under DATA_DIR, migrated and seeded.
    services = await createServices();
    const { database } = services;
    context = routerContextFor(services, { clientIp: "203.0.113.10" });
    // Enough rows that saving all of them needs new table pages.
    for (let batch = 0; batch < 4; batch++) {
      const rows = await database.db
        .insert(quotes)
        .values(
          Array.from({ length: 500 }, (_, i) => ({
            text: `A quote long enough to take room on a page, number ${batch * 500 + i}. ${"x".repeat(300)}`,
            includeInSearch: true,
          })),
        )
        .returning({ id: quotes.id });
      ids.push(...rows.map((row) => row.id));
    }
    const account = { email: "full-disk@umbra.test", password: "integration test passphrase" };
    cookie = await signedInAdminCookie(database, account);
    const app = express();
    app.get("/readyz", readiness({ database, dataDir, logger: pino({ level: "silent" }), stopping: () => false }));
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server?.once("listening", resolve));
    readyz = `http://127.0.0.1:${(server.address() as AddressInfo).port}/readyz`;
  }, 120_000);

  afterAll(async () => {
    server?.close();
    if (services) await stopServices(services);
    execFileSync("umount", [disk]);
    fs.rmSync(root, { recursive: true, force: true });
  });

  async function saveVisibility(includeInSearch: boolean) {
    const request = new Request("http://test/api/admin/quotes", {
      method: "PATCH",
      headers: { Cookie: cookie, Origin: "http://test", "Content-Type": "application/json" },
      body: JSON.stringify({ ids, includeInSearch }),
    });
    try {
      return (await setMany({ request, params: {}, context } as never)) as Response;
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
  }

  it("answers an admin write 507 'the server's disk is full' (never a 500), /readyz says so, and saves again once space is freed", async () => {
    expect((await fetch(readyz)).status).toBe(200);
    const free = fillDisk(dataDir);
    try {
      const statuses: number[] = [];
      for (const visible of [false, true, false]) {
        const answer = await saveVisibility(visible);
        statuses.push(answer.status);
        if (answer.status === 507) {
          expect(answer.headers.get("cache-control")).toBe("no-store");
          expect(((await answer.json()) as { message: string }).message).toMatch(/^The server's disk is full/);
        }
      }
      // A write may still fit where PostgreSQL had room already; none fails as a server error.
      expect(statuses.every((status) => status === 200 || status === 507)).toBe(true);
      expect(statuses).toContain(507);

      const ready = await fetch(readyz);
      expect(ready.status).toBe(503);
      const body = (await ready.json()) as { disk: { status: string; path: string }; message: string };
      expect(body.disk.status).toBe("full");
      expect(body.disk.path.startsWith(dataDir)).toBe(true);
      expect(body.message).toContain("ENOSPC");
    } finally {
      free();
    }
    // No restart: the next write is saved, and /readyz is ready again.
    expect((await saveVisibility(true)).status).toBe(200);
    expect((await fetch(readyz)).status).toBe(200);
  });

  it("refuses to start on a full disk in one line naming ENOSPC, DATA_DIR and what to do, leaving nothing behind", async () => {
    if (services) await stopServices(services);
    services = undefined;
    const free = fillDisk(dataDir);
    try {
      const failure = await createServices().then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(StartupError);
      const message = (failure as Error).message;
      expect(message).toContain("ENOSPC");
      expect(message).toContain(dataDir);
      expect(message).toMatch(/Free space/);
      expect(message).not.toContain("\n");
      // An empty lock file would look like a crashed server's.
      expect(fs.existsSync(path.join(dataDir, "database.lock"))).toBe(false);
    } finally {
      free();
    }
  });

  it("fails the other command-line tools on a full disk in one line naming ENOSPC and DATA_DIR", () => {
    const free = fillDisk(dataDir);
    try {
      const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/db-migrate.ts"], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "silent" },
        encoding: "utf8",
      });
      expect(result.status).toBe(1);
      const lines = result.stderr.trim().split("\n");
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain("ENOSPC");
      expect(lines[0]).toContain(dataDir);
    } finally {
      free();
    }
  }, 120_000);

  it("fails `npm run db:backup` to a full disk in one line, and removes its .partial file", async () => {
    // The database on a disk with room, the backup aimed at the full one.
    const source = path.join(root, "source");
    seedFromTestTemplate(source);
    const database = await openDatabase({ dataDir: source });
    await database.close();
    const target = path.join(disk, "umbra-backup.tar.gz");
    const free = fillDisk(disk);
    try {
      const { DATABASE_URL: _unset, ...inherited } = process.env;
      const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/db-backup.ts", target], {
        env: { ...inherited, DATA_DIR: source },
        encoding: "utf8",
      });
      expect(result.status).toBe(1);
      const lines = result.stderr.trim().split("\n");
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^Not backed up: The disk holding .*umbra-backup\.tar\.gz(\.partial)? is full \(ENOSPC\)\. Free space/,
      );
      expect(result.stderr).not.toMatch(/^\s+at /m);
      expect(fs.existsSync(`${target}.partial`)).toBe(false);
      expect(fs.existsSync(target)).toBe(false);
    } finally {
      free();
    }
  }, 120_000);
});
