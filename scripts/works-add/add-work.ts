import fs from "node:fs";
import path from "node:path";
import sharp, { type Metadata } from "sharp";
import { stringify } from "yaml";
import { CHAINS, SERIES, workFileSchema } from "#app/catalogue/artwork-record.ts";
import { readWorkRecords, worksDir } from "#app/catalogue/work-files.server.ts";
import { contentFolder } from "#app/content/content-registry.server.ts";
import { ContentError, displayPath, readContentFile } from "#app/content-files/content-files.server.ts";
import { CliError } from "#scripts/cli.ts";

export interface NewWork {
  title: string;
  /** Path of the work's original image. */
  image: string;
  series?: string;
  year?: string;
  chain?: string;
}

export interface AddedWork {
  slug: string;
  /** True when another work already had the title's file name, so this one got a number. */
  renamed: boolean;
  artworkId: number;
  file: string;
  imageFile: string;
  width: number;
  height: number;
}

/** "The Moth's Lantern" -> "the-moths-lantern", as the existing works are named. */
export function slugFromTitle(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** The extension the pipeline expects for each format sharp reads (AVIF is HEIF with AV1). */
function extensionFor(meta: Metadata): string | undefined {
  if (meta.format === "heif") return meta.compression === "av1" ? ".avif" : undefined;
  const extensions: Record<string, string> = { jpeg: ".jpg", png: ".png", webp: ".webp", tiff: ".tif" };
  return extensions[meta.format ?? ""];
}

async function readImage(image: string): Promise<{ ext: string; width: number; height: number }> {
  if (!fs.existsSync(image) || !fs.statSync(image).isFile()) throw new CliError(`No image file at ${image}`);
  let meta: Metadata;
  try {
    meta = await sharp(image).metadata();
  } catch {
    throw new CliError(`${image} is not an image sharp can read (use a JPEG, PNG, WebP, AVIF or TIFF file)`);
  }
  const ext = extensionFor(meta);
  if (!ext || !meta.width || !meta.height)
    throw new CliError(`${image} is a ${meta.format ?? "unknown"} image; use a JPEG, PNG, WebP, AVIF or TIFF file`);
  return { ext, width: meta.width, height: meta.height };
}

/**
 * Creates content/works/<slug>.md for a new work, with the next artwork_id and its original
 * copied beside it, and checks the new file with the schema every work file meets. Nothing is
 * left behind when a check fails.
 */
export async function addWork(work: NewWork, contentDir: string): Promise<AddedWork> {
  const title = work.title.trim();
  if (!title) throw new CliError("The title is empty.");
  const base = slugFromTitle(title);
  if (!base) throw new CliError(`"${title}" gives no file name: use letters or digits in the title.`);
  const image = await readImage(path.resolve(work.image));

  let existing: ReturnType<typeof readWorkRecords>;
  try {
    existing = readWorkRecords(contentFolder(contentDir));
  } catch (error) {
    if (error instanceof ContentError) throw new CliError(`Fix the existing work files first:\n${error.message}`);
    throw error;
  }
  const newest = existing.reduce<(typeof existing)[number] | undefined>(
    (a, b) => (a && a.artwork_id >= b.artwork_id ? a : b),
    undefined,
  );
  const folder = worksDir(contentDir);
  // Another work already has this file name (a different work with the same title): number it.
  let slug = base;
  for (let n = 2; fs.existsSync(path.join(folder, `${slug}.md`)); n++) slug = `${base}-${n}`;

  const artworkId = (newest?.artwork_id ?? 0) + 1;
  const front = {
    title,
    artwork_id: artworkId,
    year: work.year ?? String(new Date().getUTCFullYear()),
    series: work.series ?? newest?.series ?? SERIES[SERIES.length - 1],
    chain: work.chain ?? newest?.chain ?? CHAINS[0],
    availability: "Available",
    mint_address: "",
    secondary_market: "",
  };
  const file = path.join(folder, `${slug}.md`);
  const imageFile = path.join(folder, `${slug}${image.ext}`);
  fs.mkdirSync(folder, { recursive: true });
  const imageWasThere = fs.existsSync(imageFile);
  try {
    fs.writeFileSync(file, `---\n${stringify(front, { lineWidth: 0 })}---\n`);
    readContentFile(file, workFileSchema, { bodyField: "description" });
    fs.copyFileSync(path.resolve(work.image), imageFile);
  } catch (error) {
    // All or nothing: a record without its image (a full disk mid-copy) would break the build.
    fs.rmSync(file, { force: true });
    if (!imageWasThere) fs.rmSync(imageFile, { force: true });
    if (error instanceof ContentError) throw new CliError(`Nothing was added:\n${error.message}`);
    throw error;
  }
  return {
    slug,
    renamed: slug !== base,
    artworkId,
    file: displayPath(file),
    imageFile: displayPath(imageFile),
    ...image,
  };
}
