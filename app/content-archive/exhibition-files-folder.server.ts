import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import type { AppDatabase } from "#app/db/database.server.ts";
import { exhibitionFiles } from "#app/db/exhibition-file-schema.ts";
import { classifyExhibitionFile, HEAD_BYTES } from "#app/uploads/exhibition-file-kind.ts";
import { sha256OfFile } from "#app/uploads/hash-file.server.ts";
import { awaitOriginalRemoval } from "#app/uploads/original-lock.server.ts";
import type { OriginalStore } from "#app/uploads/original-store.ts";

/** Where content:export writes exhibition files uploaded in the editor: `<sha256>.<ext>`, as stored. */
export const EXHIBITION_FILES_FOLDER = "uploaded-files";
const EXPORTED_NAME = /^([0-9a-f]{64})\.([a-z0-9]{2,5})$/;

/**
 * content:export's part for exhibition files (decision 048): every uploaded PDF and recording,
 * named by its SHA-256 (the exhibitions name it by its address, which holds the hash's first 16
 * hex). A file already there is the same bytes by its name, so it is not written again. Copied
 * from the store's local file, never read whole into memory.
 */
export async function exportExhibitionFiles(dir: string, db: AppDatabase, store: OriginalStore): Promise<string[]> {
  const written: string[] = [];
  const folder = path.join(dir, EXHIBITION_FILES_FOLDER);
  for (const row of await db.select().from(exhibitionFiles)) {
    const target = path.join(folder, `${row.sha256}.${row.ext}`);
    if (fs.existsSync(target)) continue;
    fs.mkdirSync(folder, { recursive: true });
    const temporary = `${target}.${process.pid}.tmp`;
    fs.copyFileSync(await store.localFile(row.sha256), temporary);
    fs.renameSync(temporary, target);
    written.push(path.relative(dir, target));
  }
  return written;
}

/**
 * content:import's part: each `uploaded-files/<sha256>.<ext>` the site does not have yet is checked
 * (its bytes must hash to its name and be a PDF or recording by their bytes), stored and recorded,
 * so the exhibitions' /files/u/ addresses work on the site it is imported into. Returns the files
 * added (or that would be, for a dry run); throws naming a file that fails a check.
 */
export async function importExhibitionFiles(
  dir: string,
  options: { db: AppDatabase; store: OriginalStore; author: string; dryRun: boolean },
): Promise<string[]> {
  const folder = path.join(dir, EXHIBITION_FILES_FOLDER);
  if (!fs.existsSync(folder)) return [];
  const known = new Set((await options.db.select().from(exhibitionFiles)).map((row) => row.sha256));
  const added: string[] = [];
  for (const name of fs.readdirSync(folder).sort()) {
    const named = name.match(EXPORTED_NAME);
    const file = path.join(folder, name);
    const shown = path.join(EXHIBITION_FILES_FOLDER, name);
    if (!named?.[1]) continue;
    const sha256 = named[1];
    if (known.has(sha256)) {
      if (options.dryRun) continue;
      // Dated now, so the upkeep of unnamed files (decision 051) keeps it until the documents
      // naming it are published below; its bytes are stored again if a removal just took them.
      const dated = await options.db
        .update(exhibitionFiles)
        .set({ uploadedAt: sql`now()` })
        .where(eq(exhibitionFiles.sha256, sha256))
        .returning({ sha256: exhibitionFiles.sha256 });
      await awaitOriginalRemoval(options.db, sha256);
      if (dated.length > 0 && (await options.store.has(sha256))) continue;
    }
    if ((await sha256OfFile(file)) !== sha256)
      throw new Error(`${shown}: its bytes are not the ones its name says (changed after export?); export it again`);
    const size = fs.statSync(file).size;
    const head = Buffer.alloc(HEAD_BYTES);
    const handle = fs.openSync(file, "r");
    try {
      fs.readSync(handle, head, 0, HEAD_BYTES, 0);
    } finally {
      fs.closeSync(handle);
    }
    const judged = classifyExhibitionFile(head.subarray(0, Math.min(size, HEAD_BYTES)), size);
    if (!judged.ok) throw new Error(`${shown}: ${judged.message}`);
    if (!known.has(sha256)) added.push(shown);
    if (options.dryRun) continue;
    // The row first, then the bytes, as an upload does (decision 051).
    await options.db
      .insert(exhibitionFiles)
      .values({
        shortHash: sha256.slice(0, 16),
        sha256,
        kind: judged.file.kind,
        mime: judged.file.mime,
        ext: judged.file.ext,
        bytes: size,
        uploadedBy: options.author,
      })
      .onConflictDoUpdate({
        target: exhibitionFiles.shortHash,
        set: { uploadedAt: sql`now()` },
        setWhere: sql`${exhibitionFiles.sha256} = excluded.sha256`,
      });
    await awaitOriginalRemoval(options.db, sha256);
    await options.store.putFile(file);
  }
  return added;
}
