import { csvLine } from "#app/enquiries/enquiry-csv.ts";
import type { SubscriptionService } from "#app/subscriptions/subscription-service.server.ts";

/** The export's columns, in order: one line per address. */
export const SUBSCRIBERS_CSV_COLUMNS = [
  "address",
  "status",
  "topics",
  "waiting_for_confirmation",
  "asked_on",
  "confirmed_on",
  "left_on",
  "last_consent_on",
  "last_consent_page",
] as const;

const when = (date: Date | null) => (date ? date.toISOString() : "");

/**
 * Every subscriber as CSV lines, header first, oldest first. Cells go through the enquiry
 * export's csvLine: an address may begin with "=" or "@", and a spreadsheet must show it as text.
 * Topics are their keys, separated by spaces (a key has none).
 */
export async function subscribersCsvLines(service: SubscriptionService): Promise<string[]> {
  const rows = await service.exportRows();
  return [
    csvLine(SUBSCRIBERS_CSV_COLUMNS),
    ...rows.map((row) =>
      csvLine([
        row.address,
        row.status,
        row.topics.join(" "),
        row.waiting.join(" "),
        when(row.createdAt),
        when(row.confirmedAt),
        when(row.leftAt),
        when(row.lastConsentAt),
        row.lastConsentSource,
      ]),
    ),
  ];
}
