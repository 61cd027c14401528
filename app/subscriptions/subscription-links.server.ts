import { publicOrigin } from "#app/config/public-origin.server.ts";

// Links in mail name the configured public origin, never a request's Host (as the reset link).
// Their token is a path segment: app/security/secret-paths.ts keeps it out of every log.

export const SUBSCRIBE_PATHS = {
  confirm: "/subscribe/confirm/",
  manage: "/subscribe/manage/",
  unsubscribe: "/subscribe/unsubscribe/",
} as const;

/** The confirmation link of a confirmation mail. */
export function confirmUrl(token: string): string {
  return `${publicOrigin()}${SUBSCRIBE_PATHS.confirm}${encodeURIComponent(token)}`;
}

/** The page to change topics or leave: the footer link of every mailing. */
export function manageUrl(token: string): string {
  return `${publicOrigin()}${SUBSCRIBE_PATHS.manage}${encodeURIComponent(token)}`;
}

/** RFC 8058's one-click address: a mailing's `List-Unsubscribe: <this>` with `List-Unsubscribe-Post: List-Unsubscribe=One-Click`. */
export function unsubscribeUrl(token: string): string {
  return `${publicOrigin()}${SUBSCRIBE_PATHS.unsubscribe}${encodeURIComponent(token)}`;
}
