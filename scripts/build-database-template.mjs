// Part of `npm run build`: an empty embedded database (PostgreSQL's initdb, nothing else) beside
// the built server, build/server/pglite-template/. A fresh data folder starts as a copy of it
// (app/db/database.server.ts): initdb at start cost 4-10 s and ~700 MB of memory for a moment
// (decision 034). Stamped with the PGlite version that made it; a build with another version
// makes it again, and a server whose PGlite differs from the stamp runs initdb itself.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";

const root = path.resolve(import.meta.dirname, "..");
const target = path.join(root, "build/server/pglite-template");
let dir = path.dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
while (!fs.existsSync(path.join(dir, "package.json"))) dir = path.dirname(dir);
const version = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")).version;

const stamp = path.join(target, "PGLITE_VERSION");
if (fs.existsSync(stamp) && fs.readFileSync(stamp, "utf8").trim() === version) process.exit(0);
fs.rmSync(target, { recursive: true, force: true });
const making = `${target}.tmp-${process.pid}`;
fs.rmSync(making, { recursive: true, force: true });
const db = await PGlite.create(making);
await db.close();
fs.writeFileSync(path.join(making, "PGLITE_VERSION"), `${version}\n`);
fs.renameSync(making, target);
