// Part of `npm run build`: an embedded database with the site's tables (PostgreSQL's initdb, then
// the migrations) and the build's content documents, published as the first start would
// (decision 050), beside the built server, build/server/pglite-template/. A fresh
// data folder starts as a copy of it (app/db/database.server.ts): initdb at start cost 4-10 s
// and ~700 MB of memory for a moment, the migrations another second or two (decision 034).
// Stamped with the PGlite version that made it (a server whose PGlite differs runs initdb
// itself) and the migrations it holds (a build with other migrations makes it again; a server
// with newer ones than its template runs them as on any existing folder), and the content it
// holds (a fingerprint: other content, another template). Run with `node --import tsx`: the
// import is the app's own (app/content/content-documents.server.ts).
import crypto from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";

const root = path.resolve(import.meta.dirname, "..");
// --out DIR: another place (the script's test).
const outAt = process.argv.indexOf("--out");
const target = outAt > 0 ? path.resolve(process.argv[outAt + 1]) : path.join(root, "build/server/pglite-template");
// --documents FILE: the build's documents (server/content-vite-plugin.ts writes them); none there, no content.
const documentsAt = process.argv.indexOf("--documents");
const documentsFile =
  documentsAt > 0
    ? path.resolve(process.argv[documentsAt + 1])
    : path.join(root, "build/server/content-documents.json");
const documents = fs.existsSync(documentsFile)
  ? new Map(Object.entries(JSON.parse(fs.readFileSync(documentsFile, "utf8"))))
  : undefined;
let dir = path.dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
while (!fs.existsSync(path.join(dir, "package.json"))) dir = path.dirname(dir);
const version = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")).version;

const migrationsFolder = path.join(root, "app/db/migrations");
const migrationsHash = crypto.createHash("sha256");
for (const file of fs
  .readdirSync(migrationsFolder)
  .filter((name) => name.endsWith(".sql"))
  .sort()) {
  migrationsHash.update(file).update(fs.readFileSync(path.join(migrationsFolder, file)));
}
migrationsHash.update(fs.readFileSync(path.join(migrationsFolder, "meta/_journal.json")));
const migrations = migrationsHash.digest("hex");

const { documentsFingerprint } = await import("../app/content/content-fingerprint.ts");
const content = documents ? documentsFingerprint(documents) : "none";

const same = (file, value) => fs.existsSync(file) && fs.readFileSync(file, "utf8").trim() === value;
const current =
  same(path.join(target, "PGLITE_VERSION"), version) &&
  same(path.join(target, "MIGRATIONS"), migrations) &&
  same(path.join(target, "CONTENT"), content);
if (!current) await makeTemplate();

/** initdb and the migrations into a temporary folder, stamped, then moved into place. */
async function makeTemplate() {
  fs.rmSync(target, { recursive: true, force: true });
  const making = `${target}.tmp-${process.pid}`;
  fs.rmSync(making, { recursive: true, force: true });
  const db = await PGlite.create(making);
  await migrate(drizzle(db), { migrationsFolder });
  if (documents) {
    // What a first start would publish: revision 1 of each document, the version noted as the build's.
    const { importIfEmpty } = await import("../app/content/content-documents.server.ts");
    const { DocumentSource } = await import("../app/content-files/content-source.server.ts");
    const schema = await import("../app/db/schema.ts");
    await importIfEmpty(drizzle(db, { schema }), new DocumentSource(documents, "content"));
  }
  await db.close();
  fs.writeFileSync(path.join(making, "PGLITE_VERSION"), `${version}\n`);
  fs.writeFileSync(path.join(making, "MIGRATIONS"), `${migrations}\n`);
  fs.writeFileSync(path.join(making, "CONTENT"), `${content}\n`);
  fs.renameSync(making, target);
}
