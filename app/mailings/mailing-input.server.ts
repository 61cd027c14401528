import { z } from "zod";
import { topicKeySchema } from "#app/subscriptions/subscription-input.server.ts";

export const MAILING_LIMITS = { subject: 150, body: 50_000, topics: 20 } as const;
/** How far ahead a mailing may be scheduled. */
export const SCHEDULE_AHEAD_DAYS = 366;

/** A draft as the studio writes it. */
export const mailingDraftSchema = z.strictObject({
  subject: z
    .string()
    .trim()
    .min(1, "Give the mailing a subject.")
    .max(MAILING_LIMITS.subject, `A subject is at most ${MAILING_LIMITS.subject} characters.`)
    .refine((subject) => !/[\r\n]/.test(subject), "A subject is one line."),
  body: z
    .string()
    .max(MAILING_LIMITS.body, `A mailing is at most ${MAILING_LIMITS.body.toLocaleString("en")} characters.`),
  topicKeys: z
    .array(topicKeySchema)
    .max(MAILING_LIMITS.topics, "Choose fewer topics.")
    .transform((keys) => [...new Set(keys)]),
  webNoindex: z.boolean(),
});
export type MailingDraft = z.output<typeof mailingDraftSchema>;

/** When a scheduled mailing goes: in the future, within a year. */
export function scheduleSchema(now: Date) {
  return z
    .date({ error: "Give the date and time to send it." })
    .refine((when) => !Number.isNaN(when.getTime()), "Give the date and time to send it.")
    .refine((when) => when.getTime() > now.getTime(), "Choose a time in the future.")
    .refine(
      (when) => when.getTime() <= now.getTime() + SCHEDULE_AHEAD_DAYS * 24 * 60 * 60_000,
      "Choose a time within a year.",
    );
}

/** A mailing's id from a path or a form: a positive integer, or a 404. */
export const mailingIdSchema = z.coerce.number().int().positive().max(2_147_483_647);
