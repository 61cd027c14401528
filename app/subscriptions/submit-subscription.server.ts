import type { RateLimitRule } from "#app/auth/rate-limit.server.ts";
import type { AppDatabase } from "#app/db/database.server.ts";
import { claimFormToken, tokenProblemMessages } from "#app/enquiries/form-token.server.ts";
import { type ScreeningRules, screenPostedForm } from "#app/enquiries/screen-posted-form.server.ts";
import { subscribeInputSchema } from "./subscription-input.server.ts";
import { SubscriptionRefusal } from "./subscription-refusal.ts";
import type { SubscriptionService } from "./subscription-service.server.ts";
import { CHECK_INBOX, subscribeFields, subscribeLimits } from "./subscription-words.ts";

/**
 * The subscribe form's allowances, as the enquiry form's (decision 032): per client address
 * charged first, per email address only past the origin, honeypot and token checks, so junk
 * naming someone's address cannot spend that person's allowance.
 */
export const subscribeLimitRules = {
  address: { limit: 30, windowSeconds: 60 * 60 },
  email: { limit: 5, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimitRule>;

/** An address, a handful of topics and the form's own fields, with room to spare. */
export const MAX_SUBSCRIBE_BODY_BYTES = 4 * 1024;

/** What the visitor typed, for a refused form shown again. */
export interface SubscribeValues {
  email: string;
  topics: string[];
  source: string;
}

export type SubscribeOutcome =
  | { ok: true; message: string }
  | {
      ok: false;
      status: 400 | 403 | 409 | 413 | 415 | 422 | 429;
      message: string;
      /** A problem with the address field. */
      fieldError?: string;
      values?: SubscribeValues;
      headers?: Record<string, string>;
    };

type Refused = Extract<SubscribeOutcome, { ok: false }>;
const refuse = (status: Refused["status"], message: string, extra: Partial<Refused> = {}): SubscribeOutcome => ({
  ok: false,
  status,
  message,
  ...extra,
});

function valuesOf(form: FormData): SubscribeValues {
  return {
    email: String(form.get(subscribeFields.address) ?? "").slice(0, subscribeLimits.address * 2),
    topics: form
      .getAll(subscribeFields.topics)
      .map(String)
      .slice(0, subscribeLimits.topics + 1),
    source: String(form.get(subscribeFields.source) ?? "/subscribe").slice(0, 300),
  };
}

/** The subscribe form's terms for the abuse checks every public form runs first. */
const subscribeScreening: ScreeningRules<SubscribeValues> = {
  name: "subscribe",
  limits: subscribeLimitRules,
  maxBodyBytes: MAX_SUBSCRIBE_BODY_BYTES,
  words: {
    wrongType: "This address takes the subscribe form, not another kind of request. Reload the page and send it.",
    tooLong: "The form is too long to send. Enter one email address and choose from the topics shown.",
    tooMany: (wait) => `Too many sign-ups from here in a short time. Try again in ${wait}.`,
  },
  valuesOf,
  emailKey: (values) => values.email.trim().toLowerCase().slice(0, subscribeLimits.address),
};

/**
 * A posted subscribe form to a queued confirmation: the abuse checks (screen-posted-form.server.ts:
 * the client's allowance, the origin, the body, the honeypot, the form token, the address's
 * allowance), the fields, the token's single use, then the service's sign-up. The same answer
 * whether or not the address is known.
 */
export async function submitSubscription(
  db: AppDatabase,
  service: SubscriptionService,
  request: Request,
  clientAddress: string,
  allowedOrigins?: readonly string[],
): Promise<SubscribeOutcome> {
  const screened = await screenPostedForm(db, request, clientAddress, subscribeScreening, allowedOrigins);
  if (!screened.ok) return screened;
  const { values, token } = screened;
  const input = { address: values.email, topicKeys: values.topics, sourcePath: values.source };
  // Checked before the token is spent, so a typo costs nothing.
  const fieldProblem = checkInput(service, input);
  if (fieldProblem) return refuse(422, fieldProblem.message, { ...fieldProblem, values });
  if (!(await claimFormToken(db, token))) return refuse(409, tokenProblemMessages.replayed, { values });
  try {
    await service.subscribe(input);
  } catch (error) {
    if (error instanceof SubscriptionRefusal) return refuse(422, error.message, { values });
    throw error;
  }
  return { ok: true, message: CHECK_INBOX };
}

/** The address and topics judged as the service will: a sentence for the field at fault. */
function checkInput(service: SubscriptionService, input: { address: string; topicKeys: string[]; sourcePath: string }) {
  const parsed = subscribeInputSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const onAddress = issue?.path[0] === "address";
    return {
      message: issue?.message ?? "The form could not be read.",
      fieldError: onAddress ? issue?.message : undefined,
    };
  }
  const offered = new Set(service.offered().map((topic) => topic.key));
  if (!parsed.data.topicKeys.every((key) => offered.has(key))) {
    return { message: "Choose from the topics offered on the page.", fieldError: undefined };
  }
  return undefined;
}
