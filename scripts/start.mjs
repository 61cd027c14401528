// `npm start`: build when there is no build or the sources are newer than it, then serve it.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
// As server/load-env-file.ts does (this file runs before any build, so it cannot import TypeScript).
if (fs.existsSync(".env")) process.loadEnvFile(".env");
// The server entry is built last (after the app bundle, index.js), so its age is the build's.
const builtServer = path.join(root, "build/server/main.js");
// The content files and the originals beside them are built into the site: a change rebuilds it.
const content = process.env.CONTENT_DIR || "content";
const sources = [
  "app",
  "server",
  "public",
  content,
  "react-router.config.ts",
  "vite.config.ts",
  "vite.server-entry.config.ts",
  "package-lock.json",
];

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const builtAt = fs.existsSync(builtServer) ? fs.statSync(builtServer).mtimeMs : 0;
const changedAt = Math.max(...sources.map((s) => newestMtime(path.resolve(root, s))));
if (builtAt < changedAt) {
  console.log(builtAt ? "Sources changed since the last build; building..." : "No build yet; building...");
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.env.NODE_ENV = "production";
process.chdir(root);
await import("../server.js");
