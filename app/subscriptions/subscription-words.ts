/**
 * What visitors read of subscriptions (issue 41), safe for the browser. The consent wording is
 * the server's: a form shows it and the consent record stores this exact text, never what a
 * browser sends back.
 */
export const CONSENT_WORDING =
  "We will email you about the topics you choose, no more than a few times a month. No tracking pixels; links to this site may be counted. Unsubscribe with one click in any message.";

/** The wording of the manage page, stored with a change made there. */
export const MANAGE_WORDING =
  "Choose the topics you want to hear about. Changes apply at once; leaving removes you from every topic.";

/** The standing topics' keys (migration 0015 seeds them). */
export const STANDING_TOPIC_KEYS = { newWork: "new-work", icaroPrints: "icaro-prints" } as const;

/** A topic as a form offers it. */
export interface OfferedTopic {
  key: string;
  label: string;
}

/** The standing topics as seeded: what a page offers when no service is at hand (the build's prerender). */
export const STANDING_TOPICS: readonly OfferedTopic[] = [
  { key: STANDING_TOPIC_KEYS.newWork, label: "New work and exhibitions" },
  { key: STANDING_TOPIC_KEYS.icaroPrints, label: "Icaro prints" },
];

/** The artwork page's offer when the work's or its series' topic is open. */
export const NOTIFY_ME_LABEL = "Notify me when a print of this is available";

/** The one answer to any accepted sign-up, known address or not (no account enumeration). */
export const CHECK_INBOX =
  "Check your inbox: if this address can receive our mail, a message with a confirmation link is on its way. Nothing else is sent until you open it.";

/** Field limits: an address as RFC 5321 allows, and at most this many topics in one form. */
export const subscribeLimits = { address: 254, topics: 20 } as const;

/** The form's field names (the honeypot and token as the enquiry form's). */
export const subscribeFields = {
  address: "email",
  topics: "topics",
  source: "source",
} as const;
