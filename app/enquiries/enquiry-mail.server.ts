import { getEnv } from "#app/config/env.server.ts";
import { publicOrigin } from "#app/config/public-origin.server.ts";
import { siteSettings } from "#app/content/site-settings.server.ts";
import { plainHeaderText } from "#app/email/header-text.ts";
import { interestLabels, subjectLabels } from "./enquiry-fields.ts";
import type { StoredEnquiry } from "./submit-enquiry.server.ts";

/** Where enquiries are mailed: STUDIO_EMAIL, or the site's contact address. Never a visitor's. */
export function studioEmail(): string {
  return getEnv().STUDIO_EMAIL ?? siteSettings().contact.email;
}

/** The inbox page of one enquiry (built by the studio's inbox, /admin/enquiries/:id). */
export function enquiryInboxUrl(id: number): string {
  return `${publicOrigin()}/admin/enquiries/${id}`;
}

export function enquiryMailSubject(enquiry: Pick<StoredEnquiry, "subjectTitle" | "name" | "room">): string {
  const room = enquiry.room ? ` (room: ${enquiry.room.title})` : "";
  return plainHeaderText(`Enquiry: ${enquiry.subjectTitle}${room}, from ${enquiry.name}`).slice(0, 200);
}

/**
 * The studio's copy: every field as plain text, the visitor's address in the body (the mail
 * goes only to the studio, so it carries no Reply-To), and the link to the enquiry in the inbox.
 */
export function enquiryMailText(enquiry: StoredEnquiry): string {
  const origin = publicOrigin();
  const interests = enquiry.interests.map((interest) => interestLabels[interest]).join(", ");
  const lines = [
    `A new enquiry from ${enquiry.name}.`,
    "",
    `About:          ${enquiry.subjectTitle} (${subjectLabels[enquiry.subject].toLowerCase()}${enquiry.subjectRef ? `, ${enquiry.subjectRef}` : ""})`,
    ...(enquiry.room
      ? [
          `Room:           ${enquiry.room.title}${enquiry.room.linkNote ? ` (link ${enquiry.room.linkNote})` : ""}, sent from inside the private viewing room`,
        ]
      : []),
    `Name:           ${enquiry.name}`,
    `Email:          ${enquiry.email}  (reply to this address; this mail went only to the studio)`,
    `Where:          ${enquiry.location ?? "not given"}`,
    `Phone:          ${enquiry.phone ?? "not given"}`,
    `Wants to know:  ${interests || "nothing ticked"}`,
    `Sent from:      ${origin}${enquiry.sourcePath}`,
    `Received:       ${enquiry.createdAt.toISOString()}`,
    "",
    "Message:",
    "",
    enquiry.message,
    "",
    "--",
    `Open it in the inbox: ${enquiryInboxUrl(enquiry.id)}`,
  ];
  return lines.join("\n");
}
