import { Readable } from "node:stream";
import { requireStudioAdmin } from "#app/admin/studio-access.server.ts";
import { archiveFileName, siteArchive } from "#app/content-archive/site-archive.server.ts";
import { tarGzStream } from "#app/content-archive/tar-writer.server.ts";
import { databaseContext } from "#app/db/context.ts";
import { processOriginalStore } from "#app/uploads/original-store.server.ts";
import type { Route } from "./+types/admin.content.archive_.download";

/**
 * GET /admin/content/archive/download: the whole site (documents, uploaded originals, uploaded
 * exhibition files, manifest) as one .tar.gz, streamed as it is written, so a site of any size
 * takes a chunk or two of memory. Admin with a second factor. An attachment with a dated name,
 * never cached. content:import --from and the studio's "Import a site" take it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStudioAdmin(request, context, "downloading the site");
  const { manifest, entries } = await siteArchive(context.get(databaseContext).db, processOriginalStore());
  const body = Readable.toWeb(tarGzStream(entries)) as ReadableStream<Uint8Array>;
  return new Response(body, {
    headers: {
      "Content-Type": "application/gzip",
      "Content-Disposition": `attachment; filename="${archiveFileName(manifest)}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      "X-Robots-Tag": "noindex, nofollow",
    },
  });
}
