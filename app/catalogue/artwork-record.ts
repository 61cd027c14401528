import { z } from "zod";

/**
 * The shape of one catalogue record as written in app/content/artworks.ts (SPEC.md point 3,
 * field names kept). Checked at build: a bad record fails the build naming the record and field.
 */
export const CHAINS = ["Solana", "Ethereum"] as const;
export const SERIES = ["Maestro", "The Return", "Exotic", "Visions", "Secrets", "Icaro"] as const;

const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be lowercase and hyphenated");
const urlOrEmpty = z.union([z.literal(""), z.url({ protocol: /^https$/ })]);

export const artworkRecordSchema = z
  .object({
    title: z.string().trim().min(1),
    slug,
    artwork_id: z.number().int().positive(),
    year: z.string().regex(/^\d{4}$/, "must be a four-digit year string"),
    series: z.enum(SERIES),
    chain: z.enum(CHAINS),
    availability: z.string().trim().min(1),
    mint_address: urlOrEmpty,
    secondary_market: urlOrEmpty,
    description: z.string().optional(),
    image_small: z.string().regex(/^\/artworks-800\/[a-z0-9-]+$/, "must be /artworks-800/{name}"),
    image_large: z.string().regex(/^\/artworks-1920\/[a-z0-9-]+$/, "must be /artworks-1920/{name}"),
  })
  .strict();

export type ArtworkRecord = z.input<typeof artworkRecordSchema>;

/** Validates every record; throws one error listing each problem as `record N "slug": field: message`. */
export function parseArtworkRecords(records: readonly unknown[]): z.output<typeof artworkRecordSchema>[] {
  const problems: string[] = [];
  const parsed = records.map((record, index) => {
    const result = artworkRecordSchema.safeParse(record);
    if (result.success) return result.data;
    const label =
      record && typeof record === "object" && "slug" in record
        ? ` "${String((record as { slug: unknown }).slug)}"`
        : "";
    for (const issue of result.error.issues) {
      problems.push(`record ${index + 1}${label}: ${issue.path.join(".") || "(record)"}: ${issue.message}`);
    }
    return undefined;
  });
  const seen = new Set<string>();
  records.forEach((record, index) => {
    const s = (record as { slug?: unknown } | null)?.slug;
    if (typeof s !== "string") return;
    if (seen.has(s)) problems.push(`record ${index + 1} "${s}": slug: duplicates an earlier record's slug`);
    seen.add(s);
  });
  if (problems.length > 0)
    throw new Error(`Invalid artwork data in app/content/artworks.ts:\n  ${problems.join("\n  ")}`);
  return parsed as z.output<typeof artworkRecordSchema>[];
}
