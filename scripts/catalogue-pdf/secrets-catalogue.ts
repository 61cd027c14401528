import path from "node:path";
import { z } from "zod";
import { readContentFile } from "#app/content/content-files.server.ts";
import type { CatalogueWorkRef } from "#app/exhibitions/exhibition-blocks.ts";
import { exhibitionsDir, readExhibitions } from "#app/exhibitions/exhibition-files.server.ts";

/** The exhibition whose catalogue the build prints (its works block lists the works). */
export const SECRETS_EXHIBITION = "solo-exhibition-london-2024";

const catalogueFileSchema = z
  .object({
    title: z.string().trim().min(1),
    subtitle: z.string().trim().min(1),
    medium: z.string().trim().min(1),
    essays: z
      .array(z.object({ title: z.string().min(1), author: z.string().min(1), abstract: z.string().min(1) }).strict())
      .min(1),
  })
  .strict();

export type SecretsCatalogue = z.output<typeof catalogueFileSchema> & { works: CatalogueWorkRef[] };

/**
 * What the catalogue PDF prints: its texts from content/exhibitions/<slug>/catalogue.yaml and
 * the works of the exhibition page's works block, read through the exhibition loader (a script
 * cannot import `virtual:` modules), so the page and the PDF list the same works.
 */
export function secretsCatalogue(dir?: string): SecretsCatalogue {
  const exhibition = readExhibitions(dir).find((e) => e.slug === SECRETS_EXHIBITION);
  const works = exhibition?.blocks.find((block) => block.type === "works")?.works;
  if (!works) throw new Error(`content/exhibitions/${SECRETS_EXHIBITION}.yaml: expected a "works" block`);
  const texts = readContentFile(
    path.join(exhibitionsDir(dir), SECRETS_EXHIBITION, "catalogue.yaml"),
    catalogueFileSchema,
  );
  return { ...texts, works };
}
