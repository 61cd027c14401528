import { z } from "zod";
import { plainHeaderText } from "./header-text.ts";

/**
 * The only headers a message may add to the ones nodemailer writes (From, To, Subject, Date...):
 * what a mailing list needs (RFC 2369, 2919, 8058) and nothing that could reroute a message
 * (Bcc, Reply-To, Sender) or change how it is read (Content-Type).
 */
export const LIST_HEADER_NAMES = ["List-Unsubscribe", "List-Unsubscribe-Post", "List-Id", "Precedence"] as const;

export type ListHeaderName = (typeof LIST_HEADER_NAMES)[number];
export type ListHeaders = Partial<Record<ListHeaderName, string>>;

/** Longer than any real value (a long unsubscribe URL is some 200 characters), well under a header line's 998. */
export const LIST_HEADER_MAX_LENGTH = 900;

/** A header refused: the message names the header and why, never the value (it may hold a token). */
export class MailHeaderError extends Error {
  override name = "MailHeaderError";
}

// One or more <https:...> or <mailto:...> addresses, comma-separated (RFC 2369); one-click needs https
// (RFC 8058). Plain http only to 127.0.0.1 or localhost: a server on a developer's machine (and
// the tests') has no certificate, and a link there reaches no one else.
const target = String.raw`<(?:https:\/\/|http:\/\/(?:127\.0\.0\.1|localhost)(?::\d+)?\/|mailto:)[^<>\s]+>`;
const unsubscribeTargets = new RegExp(`^${target}(?:,\\s?${target})*$`);

const valueSchemas: Record<ListHeaderName, z.ZodType<string>> = {
  "List-Unsubscribe": z
    .string()
    .regex(
      unsubscribeTargets,
      "must be <https://...> or <mailto:...> addresses (plain http only to 127.0.0.1 or localhost)",
    ),
  "List-Unsubscribe-Post": z.literal("List-Unsubscribe=One-Click", {
    message: 'must be exactly "List-Unsubscribe=One-Click" (RFC 8058)',
  }),
  // "Name <id.domain>" or "<id.domain>" (RFC 2919).
  "List-Id": z
    .string()
    .regex(/^(?:[^<>]+ )?<[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+>$/, 'must be like "Name <news.umbra.example>"'),
  Precedence: z.enum(["bulk", "list"], { message: 'must be "bulk" or "list"' }),
};

const isListHeaderName = (name: string): name is ListHeaderName =>
  (LIST_HEADER_NAMES as readonly string[]).includes(name);

/**
 * The extra headers of a message, checked: a name not on the list, a value the header-text lock
 * would change (a line break, a control, an encoded word), an oversized value or one of the
 * wrong form is refused with a MailHeaderError; nothing is silently mended, as a changed
 * unsubscribe address would be a broken one.
 */
export function checkedListHeaders(headers: Record<string, unknown>): ListHeaders {
  const checked: ListHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!isListHeaderName(name)) {
      throw new MailHeaderError(`The header "${plainHeaderText(name).slice(0, 60)}" may not be added to a message.`);
    }
    if (typeof value !== "string") throw new MailHeaderError(`The header ${name} must be text.`);
    if (value.length > LIST_HEADER_MAX_LENGTH) {
      throw new MailHeaderError(`The header ${name} is longer than ${LIST_HEADER_MAX_LENGTH} characters.`);
    }
    if (plainHeaderText(value) !== value) {
      throw new MailHeaderError(`The header ${name} holds a line break, a control character or an encoded word.`);
    }
    const parsed = valueSchemas[name].safeParse(value);
    if (!parsed.success) {
      throw new MailHeaderError(`The header ${name} ${parsed.error.issues[0]?.message ?? "is not valid"}.`);
    }
    checked[name] = value;
  }
  return checked;
}
