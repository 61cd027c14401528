import { inArray } from "drizzle-orm";
import type { AppDatabase } from "#app/db/database.server.ts";
import { exhibitionFiles } from "#app/db/exhibition-file-schema.ts";
import { FILE_ADDRESS } from "./file-address.ts";

/** Every `/files/u/<16 hex>/<name>` address in a document's text: FILE_ADDRESS, unanchored. */
const ADDRESSES = new RegExp(FILE_ADDRESS.source.replace(/^\^|\$$/g, ""), "g");

/**
 * The uploaded-file addresses a document names that the site no longer stores: an upload left
 * unsaved in an editor for over a day is removed (decision 051), and saving its address then
 * would publish a link that answers 404. Named here so the save is refused with what to do.
 */
export async function missingUploadedFiles(db: AppDatabase, data: unknown): Promise<string[]> {
  const named = new Map<string, string>();
  for (const match of JSON.stringify(data ?? null).matchAll(ADDRESSES)) named.set(match[1] ?? "", match[0]);
  if (named.size === 0) return [];
  const stored = await db
    .select({ shortHash: exhibitionFiles.shortHash })
    .from(exhibitionFiles)
    .where(inArray(exhibitionFiles.shortHash, [...named.keys()]));
  for (const row of stored) named.delete(row.shortHash);
  return [...named.values()];
}

/** The sentence a refused save shows: which addresses, and what to do. */
export function missingFilesProblem(addresses: string[]): string {
  const list = addresses.join(", ");
  return `${addresses.length === 1 ? "This uploaded file is" : "These uploaded files are"} no longer stored: ${list}. Uploads that nothing saved names are removed after a day; upload ${addresses.length === 1 ? "it" : "them"} again, then save.`;
}
