/** How often and how long a message that could not be sent is tried again. */
export interface RetryPolicy {
  /** Wait after the first failed attempt; each later wait doubles, up to maxDelayMs. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** Attempts in all; after the last failure the message is marked failed. */
  maxAttempts: number;
}

/**
 * 30 s, 1, 2, 4, 8, 16 min, then every 30 min: ten attempts over about two hours, so a mail
 * server down for an hour loses nothing (decision 028).
 */
export const RETRY_POLICY: RetryPolicy = { firstDelayMs: 30_000, maxDelayMs: 30 * 60_000, maxAttempts: 10 };

/**
 * The wait before the next attempt after `attempts` have failed, or undefined when the bound
 * is reached. A little random spread keeps several processes' retries apart.
 */
export function retryDelayMs(attempts: number, policy: RetryPolicy, random: () => number = Math.random) {
  if (attempts >= policy.maxAttempts) return undefined;
  const base = Math.min(policy.firstDelayMs * 2 ** Math.max(0, attempts - 1), policy.maxDelayMs);
  return Math.round(base * (0.9 + 0.2 * random()));
}

/** An SMTP 5xx answer (no such mailbox, sender refused): trying the same message again will not help. */
export function isPermanentRefusal(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

// The connection was never made, so no message went: refused, no such host, no route.
const NOT_CONNECTED = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"]);

/**
 * Whether a failed send certainly delivered nothing: the server answered with a refusal (it
 * speaks before it takes a message, and a refused message is not taken), the connection was
 * never made, the server never greeted us, or the message was refused before sending (a header
 * not allowed). A connection lost or silent later may have lost only the server's "250 OK" to a
 * message it took: an at-most-once message is not sent again after that.
 */
export function certainlyNotDelivered(error: unknown): boolean {
  const failure = error as {
    responseCode?: unknown;
    code?: unknown;
    originalCode?: unknown;
    name?: unknown;
    message?: unknown;
  };
  if (!failure) return false;
  if (typeof failure.responseCode === "number") return true;
  if (failure.name === "MailHeaderError") return true;
  if (NOT_CONNECTED.has(String(failure.originalCode ?? failure.code))) return true;
  return /greeting never received|connection timeout/i.test(String(failure.message));
}
