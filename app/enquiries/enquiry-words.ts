import type { EnquiryStatus } from "#app/db/enquiry-schema.ts";

/** What each subject reads as in the inbox's filter. */
export const subjectLabels: Record<string, string> = {
  work: "A work",
  prints: "Prints",
  original: "Original painting",
  commission: "Commission",
  exhibition: "Exhibition",
  press: "Press",
  room: "Viewing room",
  other: "Other",
};

/** What the person wants to know, in words. */
export const interestLabels: Record<string, string> = {
  "price-availability": "Price and availability",
  "similar-works": "Similar works",
  "print-series": "The print series",
  "condition-provenance": "Condition and provenance",
  "private-viewing": "A private viewing",
};

export const statusLabels: Record<EnquiryStatus, string> = {
  new: "New",
  replied: "Replied",
  closed: "Closed",
  spam: "Spam",
};

/** A slug as a work's address: `/art/<slug>`, only for what a slug can be. */
export function workHref(subject: string, ref: string | null): string | undefined {
  if (subject !== "work" || !ref || !/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(ref)) return undefined;
  return `/art/${ref}`;
}

/**
 * The reply the studio's mail program opens: to the person, "Re: <subject>", and their message
 * quoted below a greeting line. Every part is percent-encoded (RFC 6068), so a name, subject or
 * message cannot add headers or recipients.
 */
export function replyMailto(enquiry: {
  email: string;
  name: string;
  subjectTitle: string;
  message: string;
  createdAt: Date;
}): string {
  const quoted = enquiry.message
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) => `> ${line}`)
    .join("\n");
  const body = `Dear ${enquiry.name},\n\n\n\nOn ${enquiry.createdAt.toUTCString()}, ${enquiry.name} wrote:\n${quoted}\n`;
  const subject = `Re: ${enquiry.subjectTitle}`;
  const encode = (text: string) => encodeURIComponent(text.replace(/\n/g, "\r\n"));
  return `mailto:${encodeURIComponent(enquiry.email).replace(/%40/g, "@")}?subject=${encode(subject)}&body=${encode(body)}`;
}

/** "26 Nov 2026, 01:35 UTC": unambiguous for a studio that may travel. */
export function formatWhen(date: Date): string {
  const month = MONTHS[date.getUTCMonth()];
  return `${date.getUTCDate()} ${month} ${date.getUTCFullYear()}, ${date.toISOString().slice(11, 16)} UTC`;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
