import { z } from "zod";
import { slugFor } from "#app/format/slug.ts";

/**
 * The public address of an uploaded exhibition file (decision 048):
 * `/files/u/<first 16 hex of its SHA-256>/<slug>.<ext>`. The hash finds the bytes; the slug is
 * the visitor's filename, made from the block's label, never from the name the browser sent.
 */
export const FILE_ADDRESS = /^\/files\/u\/([0-9a-f]{16})\/([a-z0-9][a-z0-9-]{0,79})\.([a-z0-9]{2,5})$/;

/** A name a visitor's download can carry: lowercase ASCII words joined by hyphens. */
export function fileSlug(label: string, fallback: string): string {
  return slugFor(label) || fallback;
}

export function fileAddress(sha256: string, slug: string, ext: string): string {
  return `/files/u/${sha256.slice(0, 16)}/${slug}.${ext}`;
}

export function parseFileAddress(pathname: string): { shortHash: string; slug: string; ext: string } | undefined {
  const match = pathname.match(FILE_ADDRESS);
  if (!match?.[1] || !match[2] || !match[3]) return undefined;
  return { shortHash: match[1], slug: match[2], ext: match[3] };
}

/** What the upload endpoint answers (and the editor reads). */
export const uploadedFileAnswer = z.object({
  href: z.string().regex(FILE_ADDRESS),
  bytes: z.number().int().positive(),
  kind: z.enum(["pdf", "audio"]),
  mime: z.string().min(1),
});
export type UploadedFileAnswer = z.infer<typeof uploadedFileAnswer>;
