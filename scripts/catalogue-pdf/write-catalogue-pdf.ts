import fs from "node:fs";
import path from "node:path";
import { artworks } from "#app/catalogue/catalogue.ts";
import { siteSettings } from "#app/content/site-settings.server.ts";
import { deriveImage } from "#server/images/derive-image.ts";
import { findOriginals } from "#server/images/originals.ts";
import { buildCataloguePdf, type CatalogueWork } from "./catalogue-pdf.ts";
import { secretsCatalogue } from "./secrets-catalogue.ts";

/** The "Description:" section of a catalogue description, without its label or the later sections. */
export function descriptionSection(description: string): string {
  const body = description.replace(/^\s*Description:\s*/i, "").split(/\n\s*[A-Z][A-Za-z -]*information:/)[0] ?? "";
  return body.replace(/\s+/g, " ").trim();
}

/** Builds the Secrets catalogue from its content file, the catalogue data and the image pipeline and writes it to `file`. */
export async function writeCataloguePdf(file: string): Promise<number> {
  const catalogue = secretsCatalogue();
  const originals = new Map(findOriginals().map((o) => [`${o.collection}/${o.name}`, o.file]));
  const works: CatalogueWork[] = [];
  for (const work of catalogue.works) {
    const record = artworks.find((a) => a.slug === work.slug);
    const jpeg = await deriveImage({
      collection: "artworks",
      name: work.image,
      width: 1200,
      format: "jpg",
      originalFile: originals.get(`artworks/${work.image}`),
    });
    works.push({
      title: work.title,
      year: record?.year ?? "2024",
      series: record?.seriesLabel ?? "Secrets (2024)",
      medium: catalogue.medium,
      size: siteSettings().printSize,
      edition: `Edition: ${record?.edition ?? 1} of ${record?.edition ?? 1}`,
      availability: record?.availability ?? "Sold",
      description: descriptionSection(record?.description ?? ""),
      jpeg: new Uint8Array(jpeg),
    });
  }
  const bytes = await buildCataloguePdf({
    brand: siteSettings().brand,
    title: catalogue.title,
    subtitle: catalogue.subtitle,
    works,
    essays: catalogue.essays,
  });
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, bytes);
  return bytes.byteLength;
}
