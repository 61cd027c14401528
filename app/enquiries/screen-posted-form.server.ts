import { isSameOriginRequest } from "#app/auth/origin-check.server.ts";
import { RateLimitedError, type RateLimitRule, takeAttempt } from "#app/auth/rate-limit.server.ts";
import type { AppDatabase } from "#app/db/database.server.ts";
import { type FormReadWords, readPostedForm } from "#app/http/posted-form.server.ts";
import { HONEYPOT_FIELD, TOKEN_FIELD } from "./enquiry-fields.ts";
import { tokenProblem, tokenProblemMessages } from "./form-token.server.ts";

/** A public form's own terms for the screening: its allowances, its size and its words. */
export interface ScreeningRules<Values> {
  /** The allowances' key prefix: `enquiry` charges `enquiry:ip:...` and `enquiry:email:...`. */
  name: string;
  /** Per client address (charged first) and per email address (charged last). */
  limits: { address: RateLimitRule; email: RateLimitRule };
  maxBodyBytes: number;
  /** The body's refusals, and the allowance's with the wait ("5 minutes") in it. */
  words: FormReadWords & { tooMany: (wait: string) => string };
  /** What was typed, kept for a form shown again after a token refusal. */
  valuesOf: (form: FormData) => Values;
  /** The email address's allowance key (trimmed, lower case, bounded); empty charges none. */
  emailKey: (values: Values) => string;
}

/** A refusal of the screening: a 4xx with a sentence (and what was typed, past the body). */
export interface ScreeningRefusal<Values> {
  ok: false;
  status: 400 | 403 | 409 | 413 | 415 | 429;
  message: string;
  values?: Values;
  headers?: Record<string, string>;
}

export type Screened<Values> = { ok: true; form: FormData; values: Values; token: string } | ScreeningRefusal<Values>;

/**
 * The abuse checks every public form runs before its fields (decision 032), in this order: the
 * client address's allowance, the origin, the body (size, type, text only), the honeypot, the
 * form token's signature and age, then the email address's allowance. That last one is charged
 * only past the origin, honeypot and token checks: junk naming someone's address (which anyone
 * can type) must not spend that person's allowance (issue 42). The token is not spent here: a
 * form refused for its fields keeps it (the caller claims it once the fields pass).
 */
export async function screenPostedForm<Values>(
  db: AppDatabase,
  request: Request,
  clientAddress: string,
  rules: ScreeningRules<Values>,
  allowedOrigins?: readonly string[],
): Promise<Screened<Values>> {
  const addressLimited = await charge(db, `${rules.name}:ip:${clientAddress}`, rules.limits.address, rules);
  if (addressLimited) return addressLimited;
  if (!isSameOriginRequest(request, allowedOrigins)) {
    return {
      ok: false,
      status: 403,
      message: "This form was not sent from this site. Open the page on the site and send it from there.",
    };
  }
  const form = await readPostedForm(request, rules.maxBodyBytes, rules.words);
  if (!(form instanceof FormData)) return { ok: false, status: form.status, message: form.message };
  const values = rules.valuesOf(form);
  if (String(form.get(HONEYPOT_FIELD) ?? "") !== "") {
    return {
      ok: false,
      status: 400,
      message: "This form could not be sent: a field meant to stay empty was filled in. Clear it and send again.",
    };
  }
  const token = String(form.get(TOKEN_FIELD) ?? "");
  const problem = tokenProblem(token);
  if (problem) {
    return { ok: false, status: problem === "replayed" ? 409 : 400, message: tokenProblemMessages[problem], values };
  }
  const emailKey = rules.emailKey(values);
  if (emailKey) {
    const emailLimited = await charge(db, `${rules.name}:email:${emailKey}`, rules.limits.email, rules);
    if (emailLimited) return emailLimited;
  }
  return { ok: true, form, values, token };
}

/** One allowance charged; spent, a 429 saying how long to wait. */
async function charge<Values>(
  db: AppDatabase,
  key: string,
  rule: RateLimitRule,
  rules: ScreeningRules<Values>,
): Promise<ScreeningRefusal<Values> | undefined> {
  try {
    await takeAttempt(db, [{ key, rule }]);
    return undefined;
  } catch (error) {
    if (!(error instanceof RateLimitedError)) throw error;
    const headers = { "Retry-After": String(error.retryAfterSeconds) };
    return { ok: false, status: 429, message: rules.words.tooMany(error.wait), headers };
  }
}
