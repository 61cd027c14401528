import path from "node:path";
import { z } from "zod";
import { contentFolder } from "#app/content/content-registry.server.ts";
import { ContentError, displayPath, readContentFile } from "#app/content-files/content-files.server.ts";
import type { Exhibition } from "#app/exhibitions/exhibition.ts";
import type { CatalogueWorkRef } from "#app/exhibitions/exhibition-blocks.ts";
import { exhibitionsDir, readExhibitions } from "#app/exhibitions/exhibition-files.server.ts";
import { assertPrintableFields, type CatalogueText, readCatalogueText } from "./catalogue-texts.ts";

/** The exhibition whose catalogue the build prints (its works block lists the works). */
export const SECRETS_EXHIBITION = "solo-exhibition-london-2024";

const line = z.string().trim().min(1, "must be a non-empty text");
/** A text file beside catalogue.yaml; only these shapes, so a path cannot leave the folder. */
const textFile = (pattern: RegExp, example: string) =>
  z.string().regex(pattern, `must name a Markdown file in the catalogue folder, e.g. "${example}"`);

const catalogueFileSchema = z
  .object({
    title: line,
    subtitle: line,
    medium: line,
    foreword: textFile(/^[a-z0-9-]+\.md$/, "foreword.md"),
    essays: z
      .array(
        z
          .object({
            title: line,
            author: line,
            text: textFile(/^essays\/[a-z0-9-]+\.md$/, "essays/rooms-that-keep-secrets.md"),
            abstract: line,
          })
          .strict(),
      )
      .min(1, "must list at least one essay"),
    imprint: z.array(line).min(1),
    credits: z.array(z.object({ role: line, names: line }).strict()).min(1),
  })
  .strict();

type CatalogueFile = z.output<typeof catalogueFileSchema>;

export interface CatalogueEssay extends CatalogueText {
  abstract: string;
}

export type SecretsCatalogue = Omit<CatalogueFile, "essays" | "foreword"> & {
  foreword: CatalogueText;
  essays: CatalogueEssay[];
  works: CatalogueWorkRef[];
};

/** The essay file must carry the title and author catalogue.yaml lists it under. */
function checkEssayMatches(file: string, listed: CatalogueFile["essays"][number], text: CatalogueText) {
  for (const field of ["title", "author"] as const)
    if (text[field] !== listed[field])
      throw new ContentError(
        `${displayPath(file)}: ${field}: must match catalogue.yaml's essay entry "${listed[field]}" (got "${text[field]}")`,
      );
}

/**
 * What the catalogue PDF prints: its texts from content/exhibitions/<slug>/catalogue.yaml and the
 * Markdown files it names, and the works of the exhibition page's works block, read through the
 * exhibition loader (a script cannot import `virtual:` modules), so the page and the PDF list the same works.
 */
export function secretsCatalogue(dir?: string): SecretsCatalogue {
  return secretsCatalogueOf(readExhibitions(contentFolder(dir)), dir);
}

/**
 * The same, with the works block of the exhibitions given: the published ones when the server
 * rebuilds the PDF (the catalogue texts themselves are files, not database documents).
 */
export function secretsCatalogueOf(exhibitions: readonly Exhibition[], dir?: string): SecretsCatalogue {
  const exhibition = exhibitions.find((e) => e.slug === SECRETS_EXHIBITION);
  const works = exhibition?.blocks.find((block) => block.type === "works")?.works;
  if (!works) throw new Error(`content/exhibitions/${SECRETS_EXHIBITION}.yaml: expected a "works" block`);
  const folder = path.join(exhibitionsDir(dir), SECRETS_EXHIBITION);
  const catalogueFile = path.join(folder, "catalogue.yaml");
  const file = readContentFile(catalogueFile, catalogueFileSchema);
  assertPrintableFields(catalogueFile, file);
  const essays = file.essays.map((listed) => {
    const essayFile = path.join(folder, listed.text);
    const text = readCatalogueText(essayFile);
    checkEssayMatches(essayFile, listed, text);
    return { ...text, abstract: listed.abstract };
  });
  return { ...file, foreword: readCatalogueText(path.join(folder, file.foreword)), essays, works: [...works] };
}
