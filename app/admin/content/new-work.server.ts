import { like } from "drizzle-orm";
import { SERIES, SLUG_PATTERN } from "#app/catalogue/artwork-record.ts";
import { listTrash } from "#app/content/content-trash.server.ts";
import { contentDocuments, contentDrafts } from "#app/db/content-schema.ts";
import type { AppDatabase } from "#app/db/database.server.ts";
import { slugFor } from "#app/format/slug.ts";

/**
 * A new work's first draft: its path from its title (`works/<slug>.md`), the next artwork id
 * after every work published or drafted, and the fields a work needs, ready to fill in. It is
 * published from the editor like any edit, once its fields are right.
 */

/** The works' paths and ids, published, drafted and in the Trash (a restore must find its address free). */
async function worksTaken(db: AppDatabase): Promise<{ paths: Set<string>; maxId: number }> {
  const [published, drafted, trashed] = await Promise.all([
    db
      .select({ path: contentDocuments.path, data: contentDocuments.data })
      .from(contentDocuments)
      .where(like(contentDocuments.path, "works/%")),
    db
      .select({ path: contentDrafts.path, data: contentDrafts.data })
      .from(contentDrafts)
      .where(like(contentDrafts.path, "works/%")),
    listTrash(db),
  ]);
  let maxId = 0;
  const paths = new Set<string>();
  for (const row of [...published, ...drafted, ...trashed.filter((item) => item.path.startsWith("works/"))]) {
    paths.add(row.path);
    const id = (row.data as { artwork_id?: unknown } | null)?.artwork_id;
    if (typeof id === "number" && Number.isSafeInteger(id)) maxId = Math.max(maxId, id);
  }
  return { paths, maxId };
}

/** A free `works/<slug>.md` for a title (`-2`, `-3`... after one that is taken); undefined when the title has no letters or digits. */
export async function freeWorkPath(db: AppDatabase, title: string): Promise<string | undefined> {
  const slug = slugFor(title);
  if (!slug || !SLUG_PATTERN.test(slug)) return undefined;
  const { paths } = await worksTaken(db);
  for (let n = 1; n < 1000; n++) {
    const path = `works/${n === 1 ? slug : `${slug}-${n}`}.md`;
    if (!paths.has(path)) return path;
  }
  return undefined;
}

export async function nextArtworkId(db: AppDatabase): Promise<number> {
  return (await worksTaken(db)).maxId + 1;
}

/** A new work's fields before the studio fills them in. */
export function newWork(title: string, artworkId: number, year = new Date().getUTCFullYear()): Record<string, unknown> {
  return {
    title,
    artwork_id: artworkId,
    year: String(year),
    series: SERIES.at(-1),
    chain: "Solana",
    availability: "Available",
    hidden: true,
  };
}
