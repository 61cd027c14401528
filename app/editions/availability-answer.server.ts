import { z } from "zod";
import type { Catalogue } from "#app/catalogue/catalogue.ts";
import type { EditionAvailability } from "./edition-availability.server.ts";

/** Works and series one page can ask about at once (a gallery of several loaded pages). */
const MOST_WORKS = 300;
const MOST_SERIES = 20;

const names = (most: number, name: string) =>
  z
    .string()
    .max(most * 120, `too long: ask about at most ${most} ${name} at once`)
    .default("")
    .transform((list) => [...new Set(list.split(",").filter(Boolean))])
    .refine((list) => list.length <= most, `ask about at most ${most} ${name} at once`)
    .refine((list) => list.every((item) => item.length <= 100), "a name in the list is longer than 100 characters");

/** `?works=a,b&series=Icaro`: what an open page asks about (edition-live.script.js). */
export const availabilityQuery = z.object({ works: names(MOST_WORKS, "works"), series: names(MOST_SERIES, "series") });
export type AvailabilityQuery = z.infer<typeof availabilityQuery>;

export interface AvailabilityAnswer {
  body: { version: string; works: Record<string, string | null>; series: Record<string, string | null> };
  /** Changes exactly when the body's lines do. */
  etag: string;
}

/**
 * The lines asked about, as they stand now, from memory: a work or series not in the public
 * catalogue is left out, so the answer says nothing of hidden works; null where no edition is set.
 */
export function availabilityAnswer(
  query: AvailabilityQuery,
  catalogue: Catalogue,
  availability: EditionAvailability,
): AvailabilityAnswer {
  const works: Record<string, string | null> = {};
  for (const slug of query.works) {
    if (catalogue.find(slug)) works[slug] = availability.publicEdition(slug)?.line ?? null;
  }
  const series: Record<string, string | null> = {};
  for (const name of query.series) {
    const slugs = catalogue.artworks.filter((work) => work.series === name).map((work) => work.slug);
    if (slugs.length > 0) series[name] = availability.series(name, slugs)?.line ?? null;
  }
  return {
    body: { version: availability.version() ?? "none", works, series },
    etag: `"editions-${hashOf(JSON.stringify([works, series]))}"`,
  };
}

/** A short, stable digest (FNV-1a): two answers with one ETag print the same lines. */
function hashOf(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36);
}
