import { loadPublished } from "#app/content/content-documents.server.ts";
import { snapshotFrom } from "#app/content/content-snapshot.server.ts";
import type { ContentSnapshot } from "#app/content/content-store.server.ts";
import { ContentError } from "#app/content-files/content-files.server.ts";
import { DocumentSource } from "#app/content-files/content-source.server.ts";
import type { AppDatabase } from "#app/db/database.server.ts";

/**
 * The whole site as it would be with one document changed, checked as commitChanges checks a
 * publish: the snapshot a preview renders, or the problems (a ContentError's message) that
 * would refuse it.
 */
export async function siteWith(
  db: AppDatabase,
  path: string,
  data: unknown,
): Promise<{ snapshot: ContentSnapshot } | { problems: string }> {
  const { documents } = await loadPublished(db);
  const next = new Map(documents);
  next.set(path, data);
  try {
    return { snapshot: snapshotFrom(new DocumentSource(next)) };
  } catch (error) {
    if (error instanceof ContentError) return { problems: error.message };
    throw error;
  }
}
