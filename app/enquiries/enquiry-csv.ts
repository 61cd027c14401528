import type { Enquiry } from "#app/db/enquiry-schema.ts";

/** The export's columns, in order: everything sent, and the studio's own fields. */
export const CSV_COLUMNS = [
  "id",
  "received",
  "status",
  "read",
  "subject",
  "subject_ref",
  "subject_title",
  "interests",
  "name",
  "email",
  "location",
  "phone",
  "message",
  "source_path",
  "notes",
  "status_changed",
] as const;

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote, or line break, quotes doubled.
 * A cell a spreadsheet would run as a formula (starting with = + - @, a tab or a carriage
 * return: OWASP "CSV injection") gets a leading apostrophe, so it is shown as the text it is.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: ReadonlyArray<string | number | null | undefined>): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

export function csvHeader(): string {
  return csvLine(CSV_COLUMNS);
}

export function enquiryCsvLine(enquiry: Enquiry): string {
  return csvLine([
    enquiry.id,
    enquiry.createdAt.toISOString(),
    enquiry.status,
    enquiry.readAt ? "yes" : "no",
    enquiry.subject,
    enquiry.subjectRef,
    enquiry.subjectTitle,
    enquiry.interests.join("; "),
    enquiry.name,
    enquiry.email,
    enquiry.location,
    enquiry.phone,
    enquiry.message,
    enquiry.sourcePath,
    enquiry.notes,
    enquiry.statusChangedAt.toISOString(),
  ]);
}
