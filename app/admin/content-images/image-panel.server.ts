import type { RouterContextProvider } from "react-router";
import { contentStoreContext } from "#app/content/content-store.server.ts";
import type { AppDatabase } from "#app/db/database.server.ts";
import { ARTWORKS, type ImageFormat, imageUrl } from "#app/images/image-catalog.ts";
import { declaredImage, imageInfo, type PageImageRegistry } from "#app/images/image-info.server.ts";
import { ownEntry } from "#app/security/own-entry.ts";
import { siteDeepZoom, siteImages } from "#app/site-images/site-images.ts";
import { imageHistory } from "#app/uploads/image-originals.server.ts";
import { processUploadedOriginals } from "#app/uploads/uploaded-originals.ts";
import { type ImageAddress, uploadAddress } from "./image-address.ts";

/** What the editor's image panel shows: the current image, its derived sizes, and its history. */
export interface ImagePanelData {
  image: ImageAddress;
  uploadTo: string;
  /** The change number the panel was opened at: a replace over a newer one is refused. */
  revision: number;
  uploaded: boolean;
  width: number;
  height: number;
  format?: string;
  preview: string;
  sizes: { width: number; formats: { format: ImageFormat; url: string; ready: boolean }[] }[];
  /** For a work: whether its zoom pyramid is made. */
  zoomReady?: boolean;
  /** A new work's, before it is first published: its image goes live with it. */
  unpublished?: boolean;
  history: {
    revision: number;
    action: string;
    author: string;
    createdAt: Date;
    format: string;
    width: number;
    height: number;
    current: boolean;
  }[];
}

/** The panel's data for one image, or undefined when the image is not declared (no such work or page image). */
export async function imagePanel(
  db: AppDatabase,
  image: ImageAddress,
  registry: PageImageRegistry,
): Promise<ImagePanelData | undefined> {
  const declared = declaredImage(image.collection, image.name, registry);
  if (!declared) return undefined;
  const info = imageInfo(image.collection, image.name, registry);
  const uploaded = processUploadedOriginals().get(image.collection, image.name);
  const history = await imageHistory(db, image.collection, image.name);
  const images = siteImages();
  const formats: ImageFormat[] = ["avif", "webp", declared.transparent ? "png" : "jpg"];
  const current = history[0]?.revision ?? 0;
  return {
    image,
    uploadTo: uploadAddress(image),
    revision: current,
    uploaded: uploaded !== undefined,
    width: info.width,
    height: info.height,
    format: uploaded?.format,
    preview: imageUrl(info, info.widths[0] ?? 400, formats[2] ?? "jpg"),
    sizes: info.widths.map((width) => ({
      width,
      formats: formats.map((format) => ({
        format,
        url: imageUrl(info, width, format),
        ready: images.isOnDisk({ ...image, width, format, transparent: declared.transparent }),
      })),
    })),
    zoomReady: image.collection === ARTWORKS ? siteDeepZoom().hasPyramid(image.name) : undefined,
    history: history.map((entry) => ({
      revision: entry.revision,
      action: entry.action,
      author: entry.author,
      createdAt: entry.createdAt,
      format: entry.format,
      width: entry.width,
      height: entry.height,
      current: entry.revision === current,
    })),
  };
}

/**
 * The Image panels of the document at `path` in the editor: one for a work's (`works/<slug>.md`,
 * hidden ones included, and a new work's draft before it is first published, `draftOnly`: it
 * gets its image before it is shown, decision 073),
 * one per image of a page-image list (`images/<collection>.yaml`), none for anything else.
 */
export async function imagePanels(
  db: AppDatabase,
  path: string,
  context: Readonly<RouterContextProvider>,
  draftOnly = false,
): Promise<ImagePanelData[]> {
  const content = context.get(contentStoreContext);
  const registry = content.pageImages();
  const slug = /^works\/([a-z0-9][a-z0-9_-]*)\.md$/.exec(path)?.[1];
  const collection = /^images\/([a-z0-9][a-z0-9-]*)\.ya?ml$/.exec(path)?.[1];
  const images: ImageAddress[] =
    slug && (draftOnly || content.catalogueWithHidden().find(slug))
      ? [{ collection: ARTWORKS, name: slug }]
      : collection
        ? (ownEntry(registry, collection) ?? []).map((image) => ({ collection, name: image.name }))
        : [];
  const panels = await Promise.all(images.map((image) => imagePanel(db, image, registry)));
  return panels.flatMap((panel) => (panel ? [{ ...panel, ...(draftOnly ? { unpublished: true } : {}) }] : []));
}
