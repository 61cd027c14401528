import fs from "node:fs";
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { parseFileAddress } from "#app/admin/content-files/file-address.ts";
import { studioAccess } from "#app/admin/studio-access.server.ts";
import { contentStoreContext } from "#app/content/content-store.server.ts";
import { databaseContext } from "#app/db/context.ts";
import { exhibitionFiles } from "#app/db/exhibition-file-schema.ts";
import { exhibitionFileLinks } from "#app/exhibitions/exhibition-file-links.ts";
import { byteRange } from "#app/http/byte-range.ts";
import { answeringOutages } from "#app/http/outage-answers.server.ts";
import { processOriginalStore } from "#app/uploads/original-store.server.ts";
import type { Route } from "./+types/files.u.$hash.$name";

const NOT_FOUND = "There is no such file on this site. It may have been replaced: open the exhibition page again.";
const text = (status: number, body: string, headers: Record<string, string> = {}) =>
  new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", ...headers } });

/**
 * GET/HEAD /files/u/<16 hex>/<name>.<ext>: an exhibition file uploaded in the browser (decision
 * 048), served only while a published exhibition names this exact address; the signed-in studio
 * may also open it (a draft's preview). The type comes from the bytes as judged at upload, the
 * address never changes its bytes (hence immutable), and Range is answered so audio can seek.
 * S3 is read through the store's checked local copy.
 */
export const loader = answeringOutages("json", fileLoader);

async function fileLoader({ request, context }: Route.LoaderArgs) {
  const pathname = new URL(request.url).pathname;
  const address = parseFileAddress(pathname);
  if (!address) return text(404, NOT_FOUND);
  const [row] = await context
    .get(databaseContext)
    .db.select()
    .from(exhibitionFiles)
    .where(eq(exhibitionFiles.shortHash, address.shortHash));
  if (!row || row.ext !== address.ext) return text(404, NOT_FOUND);
  const published = exhibitionFileLinks(context.get(contentStoreContext).snapshot().collections.exhibitions).has(
    pathname,
  );
  if (!published && (await studioAccess(request, context, "json")).state !== "admin") return text(404, NOT_FOUND);

  const file = await processOriginalStore().localFile(row.sha256);
  const size = row.bytes;
  const etag = `"${row.sha256.slice(0, 32)}"`;
  const headers: Record<string, string> = {
    "Content-Type": row.mime,
    "Content-Disposition": `${row.kind === "audio" ? "inline" : "attachment"}; filename="${address.slug}.${address.ext}"`,
    ETag: etag,
    "Accept-Ranges": "bytes",
    // A draft's file is the studio's until published: not kept by shared caches meanwhile.
    "Cache-Control": published ? "public, max-age=31536000, immutable" : "private, no-store",
    // X-Content-Type-Options: nosniff is on every answer already (server/security-headers.ts).
  };
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  const range = byteRange(request.headers.get("range"), size);
  if (range.kind === "unsatisfiable")
    return text(416, "That part of the file does not exist: the file is shorter.", {
      "Content-Range": `bytes */${size}`,
      ETag: etag,
    });
  const [start, end] = range.kind === "part" ? [range.start, range.end] : [0, size - 1];
  headers["Content-Length"] = String(end - start + 1);
  if (range.kind === "part") headers["Content-Range"] = `bytes ${start}-${end}/${size}`;
  const status = range.kind === "part" ? 206 : 200;
  if (request.method === "HEAD") return new Response(null, { status, headers });
  const body = Readable.toWeb(fs.createReadStream(file, { start, end })) as ReadableStream<Uint8Array>;
  return new Response(body, { status, headers });
}
