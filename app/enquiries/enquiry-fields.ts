import type { EnquiryInterest, EnquirySubject } from "#app/db/enquiry-schema.ts";

/**
 * What an enquiry form is about, passed by the page that shows it (issue 21): a work, a Prices
 * tier, Contact's general form, or later a private viewing room (issue 22: subject "room", its
 * id as subjectRef). The server never trusts the title a browser sends back: it derives it
 * again from subject and ref (enquiry-subject.server.ts).
 */
export interface EnquiryDescriptor {
  subject: EnquirySubject;
  /** The record the subject names: a work's slug, a room's id. */
  subjectRef?: string;
  /** What the studio reads first: "The Trinket Maker", "Custom commission". */
  subjectTitle: string;
  /** The site path the form is shown on. */
  sourcePath: string;
  /** A sold work: the form says it is in a collection and offers similar works or a commission. */
  sold?: boolean;
}

/** Client-safe copies of the table's constants (enquiry-schema.ts pulls in drizzle). */
export const subjectLabels: Record<EnquirySubject, string> = {
  work: "A work",
  prints: "Limited edition prints",
  original: "An original painting",
  commission: "A custom commission",
  exhibition: "An exhibition",
  press: "Press",
  room: "A private viewing",
  other: "Something else",
};

export const interestLabels: Record<EnquiryInterest, string> = {
  "price-availability": "Price and availability",
  "similar-works": "Similar works",
  "print-series": "The print series",
  "condition-provenance": "Condition and provenance",
  "private-viewing": "A private viewing",
};

/** The title the studio reads for a subject that names no record. */
export const subjectTitles: Record<Exclude<EnquirySubject, "work" | "room">, string> = {
  prints: "Limited edition prints",
  original: "Original painting",
  commission: "Custom commission",
  exhibition: "Exhibitions",
  press: "Press",
  other: "General enquiry",
};

export const subjectValues = Object.keys(subjectLabels) as EnquirySubject[];
export const interestValues = Object.keys(interestLabels) as EnquiryInterest[];

/** Subjects a visitor may pick in the form; "work" and "room" only where a page set them. */
export function subjectChoices(preset: EnquirySubject): EnquirySubject[] {
  return subjectValues.filter((value) => value === preset || (value !== "work" && value !== "room"));
}

/** Field size limits: generous for a person, small for a flood. */
export const enquiryLimits = {
  name: 120,
  email: 254,
  message: 5000,
  location: 120,
  phone: 40,
  ref: 120,
  sourcePath: 300,
} as const;

/** The sentence the message starts with, editable by the visitor. */
export function defaultMessage(descriptor: Pick<EnquiryDescriptor, "subject" | "subjectTitle" | "sold">): string {
  switch (descriptor.subject) {
    case "work":
      return descriptor.sold
        ? `I saw "${descriptor.subjectTitle}", which is in a collection. I would like to hear about similar works or a commission.`
        : `I am interested in "${descriptor.subjectTitle}" and would like to know more.`;
    case "prints":
      return "I would like to know more about the limited edition prints.";
    case "original":
      return "I am interested in an original painting and would like to know more.";
    case "commission":
      return "I would like to talk about commissioning a work.";
    case "room":
      return `I am interested in "${descriptor.subjectTitle}", which I saw in the private viewing room, and would like to know more.`;
    default:
      return "";
  }
}

/** Interests ticked when the form opens. */
export function defaultInterests(descriptor: Pick<EnquiryDescriptor, "subject" | "sold">): EnquiryInterest[] {
  if (descriptor.subject === "work") return descriptor.sold ? ["similar-works"] : ["price-availability"];
  if (descriptor.subject === "prints") return ["print-series"];
  if (descriptor.subject === "original") return ["price-availability"];
  if (descriptor.subject === "room") return ["private-viewing"];
  return [];
}

/** The names of the visitor-facing fields, in the form's order (the first error gets focus). */
export const enquiryFieldNames = ["name", "email", "subject", "interests", "message", "location", "phone"] as const;
export type EnquiryFieldName = (typeof enquiryFieldNames)[number];
export type EnquiryFieldErrors = Partial<Record<EnquiryFieldName, string>>;

/** What was typed, kept for a form shown again with its errors. */
export interface EnquiryValues {
  subject: string;
  interests: string[];
  name: string;
  email: string;
  message: string;
  location: string;
  phone: string;
}

/** The names the form posts. `website` is the hidden honeypot; `token` the signed form token. */
export const HONEYPOT_FIELD = "website";
export const TOKEN_FIELD = "token";

/** What the confirmation says happens next, from content/site.yaml's enquiries settings. */
export function enquiryConfirmation(settings: { replyFrom: string; replyWithin: string }): string {
  return `Your enquiry has reached the studio. ${settings.replyFrom} will reply by email within ${settings.replyWithin}.`;
}
