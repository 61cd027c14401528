import { z } from "zod";
import { htmlInPlainText } from "#app/format/plain-text.ts";
import { httpsLinkAddress } from "#app/security/link-address.ts";

/**
 * One catalogue record (SPEC.md point 3, field names kept). A work is written as
 * content/works/<slug>.md: the fields below as front matter, the description as the Markdown
 * body; the slug is the file name and the image names follow from it, so neither is written.
 */
export const CHAINS = ["Solana", "Ethereum"] as const;
export const SERIES = ["Maestro", "The Return", "Exotic", "Visions", "Secrets", "Icaro"] as const;

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const urlOrEmpty = z.union([z.literal(""), httpsLinkAddress], {
  error: 'must be an https:// link or ""',
});

/** The front matter and body of one work file, as the artist writes it. */
export const workFileSchema = z
  .object({
    title: z.string().trim().min(1),
    artwork_id: z.number({ error: "must be a whole number" }).int().positive(),
    // Quoted in YAML ("2005"): the catalogue shows and sorts years as text.
    year: z
      .string({ error: 'must be a four-digit year in quotes, e.g. "2005"' })
      .regex(/^\d{4}$/, 'must be a four-digit year in quotes, e.g. "2005"'),
    series: z.enum(SERIES),
    chain: z.enum(CHAINS),
    availability: z.string().trim().min(1),
    // Hidden by the studio (issue 23): kept in the catalogue's documents, shown on no public page.
    hidden: z.boolean({ error: "must be true or false" }).optional(),
    mint_address: urlOrEmpty.default(""),
    secondary_market: urlOrEmpty.default(""),
    // Shown as text (a museum label, decision 022): HTML in it is refused rather than printed.
    description: z
      .string()
      .default("")
      .superRefine((value, ctx) => {
        const problem = htmlInPlainText(value);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      })
      .meta({ long: true }),
  })
  .strict();

export type WorkFile = z.output<typeof workFileSchema>;

/** The works the public site shows: every one the studio has not hidden (decision 042). */
export function shownWorks<T extends { hidden?: boolean }>(records: readonly T[]): T[] {
  return records.filter((record) => record.hidden !== true);
}

/** What the app reads: the file's fields plus the slug and the image paths SPEC.md names. */
export interface ArtworkRecord extends WorkFile {
  slug: string;
  image_small: string;
  image_large: string;
}

export function artworkRecord(slug: string, work: WorkFile): ArtworkRecord {
  return { ...work, slug, image_small: `/artworks-800/${slug}`, image_large: `/artworks-1920/${slug}` };
}

/**
 * The catalogue order every page shows: by series in chronological order, then by artwork_id;
 * a work that repeats an earlier work's id (SPEC.md: 53 and 84 appear twice) comes last in its
 * series. Among works sharing an id the first in file-name order is the one the gallery keeps.
 * Takes the records in file-name order.
 */
export function catalogueOrder(records: readonly ArtworkRecord[]): ArtworkRecord[] {
  const seen = new Set<number>();
  const repeats = new Set<ArtworkRecord>();
  for (const record of records) {
    if (seen.has(record.artwork_id)) repeats.add(record);
    seen.add(record.artwork_id);
  }
  const seriesRank = (r: ArtworkRecord) => SERIES.indexOf(r.series);
  return [...records].sort(
    (a, b) =>
      seriesRank(a) - seriesRank(b) || Number(repeats.has(a)) - Number(repeats.has(b)) || a.artwork_id - b.artwork_id,
  );
}

/** Checks across records, one message per problem. Slugs are file names, so they cannot repeat. */
export function crossRecordProblems(records: readonly { slug: string; file?: string }[]): string[] {
  return records
    .filter((r) => !SLUG_PATTERN.test(r.slug))
    .map((r) => `${r.file ?? r.slug}: the file name must be lowercase and hyphenated, e.g. moss-lantern.md`);
}
