import fs from "node:fs";
import path from "node:path";

const repoRoot = path.resolve(import.meta.dirname, "..");

/**
 * The V8 flags the server runs under, as `npm start` gives them (package.json's start script is
 * the one place they are written; deploy/umbra@.service repeats them, checked by a test). The
 * bench starts `node server.js` with them, so it measures what an artist runs.
 */
export function serverNodeFlags(root = repoRoot): string[] {
  const start: string = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")).scripts.start;
  const flags = /^node((?: --[a-z-]+(?:=\S+)?)*) scripts\/start\.mjs$/.exec(start);
  if (!flags)
    throw new Error(`package.json's start script is not "node [--flag[=value] ...] scripts/start.mjs": ${start}`);
  return (flags[1] ?? "").trim().split(" ").filter(Boolean);
}
