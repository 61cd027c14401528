import { readInboxFilter } from "#app/admin/enquiries/inbox-input.server.ts";
import { requireStudioAdmin } from "#app/admin/studio-access.server.ts";
import { databaseContext } from "#app/db/context.ts";
import { csvHeader, enquiryCsvLine } from "#app/enquiries/enquiry-csv.ts";
import { enquiriesForExport } from "#app/enquiries/inbox.server.ts";
import { csvAttachment } from "#app/http/csv-attachment.server.ts";
import type { Route } from "./+types/admin.enquiries.export";

/**
 * GET /admin/enquiries/export — the inbox as CSV (UTF-8 with a byte-order mark, so spreadsheet
 * programs read accents), every enquiry (`?all=1`) or those the inbox's filter shows, newest
 * first, streamed in batches so 10,000 rows take no more memory than 500. An attachment, never
 * cached.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStudioAdmin(request, context);
  const url = new URL(request.url);
  const all = url.searchParams.get("all") === "1";
  const { filter } = all ? { filter: "all" as const } : readInboxFilter(url);
  const db = context.get(databaseContext).db;
  const encoder = new TextEncoder();
  const batches = enquiriesForExport(db, filter);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`\uFEFF${csvHeader()}`));
    },
    async pull(controller) {
      try {
        const next = await batches.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value.map(enquiryCsvLine).join("")));
      } catch (error) {
        controller.error(error);
      }
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
  return csvAttachment(stream, "enquiries");
}
