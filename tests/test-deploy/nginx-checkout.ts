// nginx's own copy of the checkout for `npm run test:deploy` (tests/test-deploy.ts): what the
// deploy configuration reads under --app-dir, in the run's folder, readable by nginx's workers
// wherever this clone lies. Started by root, the workers run as www-data, as in production, and
// cannot enter a clone in /root or in a `mktemp -d` folder (0700).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { foldersClosedToOthers, makeReadableByOthers } from "#scripts/folders-closed-to-others.ts";
import { Failure } from "./http-client.ts";

const root = path.resolve(import.meta.dirname, "../..");

/** An asset only the "previous build" has, as during an upgrade (decision 015). */
export const previousAsset = "/assets/previous-build-only-Xy12.js";

/**
 * Writes `appDir`: a copy of this build's hashed assets, the pages for nginx written for
 * `publicUrl` (one test moves them as a new build would), and a previous build's asset, all
 * 0755 folders and 0644 files. The run's folder itself must be open to others (it is made 0755;
 * the folders above it are checked).
 */
export function prepareNginxCheckout(appDir: string, publicUrl: string): void {
  const closed = foldersClosedToOthers(path.dirname(appDir));
  if (closed.length > 0 && process.getuid?.() === 0) {
    throw new Failure(
      `nginx's workers cannot enter ${closed.join(", ")}: set TMPDIR to a folder others can enter (e.g. TMPDIR=/tmp).`,
    );
  }
  fs.mkdirSync(path.join(appDir, "build/client"), { recursive: true });
  fs.cpSync(path.join(root, "build/client/assets"), path.join(appDir, "build/client/assets"), { recursive: true });
  // Pages for nginx name the public origin, so they are written for this one (PUBLIC_URL).
  execFileSync(
    process.execPath,
    ["--import", "tsx", "scripts/export-nginx-pages.mjs", "--out", path.join(appDir, "build/nginx")],
    { cwd: root, env: { ...process.env, PUBLIC_URL: publicUrl }, stdio: "ignore" },
  );
  fs.mkdirSync(path.join(appDir, "previous-build/assets"), { recursive: true });
  fs.writeFileSync(path.join(appDir, "previous-build", previousAsset), "export const previous = true;\n");
  // Whatever this user's umask made of them.
  makeReadableByOthers(appDir);
}
