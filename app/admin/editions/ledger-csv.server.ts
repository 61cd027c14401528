import type { Catalogue } from "#app/catalogue/catalogue.ts";
import type { AppDatabase } from "#app/db/database.server.ts";
import type { EditionLedger } from "#app/editions/edition-ledger.server.ts";
import { readSummaries } from "#app/editions/edition-reading.server.ts";
import { csvLine } from "#app/enquiries/enquiry-csv.ts";
import { currencyDigits, stateLabels, studioEditionLine, unitKey } from "./edition-studio-words.ts";
import { readUnitRecords } from "./ledger-records.server.ts";

/** The export's columns, in order: one line per print of every work with an edition. */
export const LEDGER_CSV_COLUMNS = [
  "work",
  "work_slug",
  "edition",
  "print",
  "state",
  "hold_for",
  "hold_email",
  "hold_until",
  "hold_enquiry",
  "hold_note",
  "sold_to",
  "sold_to_email",
  "sold_on",
  "price",
  "currency",
  "invoice_reference",
  "name_private",
  "sale_note",
  "current_owner",
  "current_owner_email",
  "owned_since",
  "owners",
] as const;

/** 120000 AUD minor units as "1200.00": a number a spreadsheet sums, without the currency. */
function amount(priceMinor: number | null | undefined, currency: string | null | undefined): string {
  if (priceMinor === null || priceMinor === undefined || !currency) return "";
  const digits = currencyDigits(currency);
  return (Number(priceMinor) / 10 ** digits).toFixed(digits);
}

/**
 * The ledger as CSV lines (header first): every print of every work in the studio's catalogue
 * that has an edition, in catalogue order, with its hold, sale and owners. Cells are written
 * by the enquiry export's csvLine, so a name like "=HYPERLINK(…)" is shown as text, not run.
 */
export async function ledgerCsvLines(
  db: AppDatabase,
  catalogue: Catalogue,
  ledger: EditionLedger,
  now: Date,
): Promise<string[]> {
  const slugs = catalogue.artworks.map((work) => work.slug);
  const summaries = await readSummaries(db, slugs, now);
  const withEdition = catalogue.artworks.filter((work) => summaries.has(work.slug));
  const records = await readUnitRecords(
    db,
    withEdition.map((work) => work.slug),
  );
  const lines = [csvLine(LEDGER_CSV_COLUMNS)];
  for (const work of withEdition) {
    const edition = studioEditionLine(summaries.get(work.slug));
    for (const unit of await ledger.units(work.slug)) {
      const record = records.get(work.slug)?.get(unitKey(unit));
      const sale = record?.sale;
      const owners = record?.owners ?? [];
      const current = owners.at(-1);
      lines.push(
        csvLine([
          work.title,
          work.slug,
          edition,
          unit.label,
          stateLabels[unit.state],
          unit.hold?.holderName,
          unit.hold?.holderEmail,
          unit.hold?.until.toISOString(),
          unit.hold?.enquiryId,
          unit.hold?.note,
          sale?.collectorName,
          sale?.collectorEmail,
          sale?.soldOn,
          amount(sale?.priceMinor, sale?.currency),
          sale?.currency,
          sale?.invoiceReference,
          sale ? (sale.collectorPrivate ? "yes" : "no") : "",
          sale?.note,
          current?.ownerName,
          current?.ownerEmail,
          current?.acquiredOn,
          owners.map((owner) => `${owner.ownerName} (${owner.acquiredOn})`).join("; "),
        ]),
      );
    }
  }
  return lines;
}
