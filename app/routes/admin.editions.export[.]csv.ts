import { ledgerCsvLines } from "#app/admin/editions/ledger-csv.server.ts";
import { requireStudioAdmin } from "#app/admin/studio-access.server.ts";
import { contentStoreContext } from "#app/content/content-store.server.ts";
import { databaseContext } from "#app/db/context.ts";
import { EditionLedger } from "#app/editions/edition-ledger.server.ts";
import { csvAttachment } from "#app/http/csv-attachment.server.ts";
import { answeringOutages } from "#app/http/outage-answers.server.ts";
import type { Route } from "./+types/admin.editions.export[.]csv";

/**
 * GET /admin/editions/export.csv — the edition ledger as CSV (UTF-8 with a byte-order mark, so
 * spreadsheet programs read accents): every print with its state, hold, sale and owners. It
 * names collectors, so it needs the studio's session and second factor. An attachment, never
 * cached.
 */
export const loader = answeringOutages("json", async ({ request, context }: Route.LoaderArgs) => {
  await requireStudioAdmin(request, context, "exporting the edition ledger");
  const db = context.get(databaseContext).db;
  const catalogue = context.get(contentStoreContext).catalogueWithHidden();
  const now = new Date();
  const lines = await ledgerCsvLines(db, catalogue, new EditionLedger({ db, catalogue }), now);
  return csvAttachment(`\uFEFF${lines.join("")}`, "edition-ledger");
});
