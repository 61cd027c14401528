// First step of `npm run build`: copies the current build's hashed assets to
// previous-build/assets (outside build/, which the build empties) before the new build replaces
// them. During an upgrade, processes still running the old build render pages that name the old
// assets, during the build and until they restart; nginx falls back to this copy for them
// (deploy/nginx.conf.template).
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const current = path.join(root, "build/client/assets");
const previous = path.join(root, "previous-build");

if (fs.existsSync(current)) {
  // One generation back is enough: processes are restarted right after each build.
  fs.rmSync(previous, { recursive: true, force: true });
  fs.cpSync(current, path.join(previous, "assets"), { recursive: true });
  console.log(`Kept the previous build's assets in ${path.relative(root, previous)}/`);
}
