/**
 * Paths whose next segment is a secret (issue 42): a viewing-room link's token (decision 036 keeps
 * only its hash in the database; a log holding it would undo that) and better-auth's reset link.
 * The one list: the app's request log (server/request-log.ts), its other lines naming a path
 * (entry.server.tsx, server/proxy-origin-mismatch.ts) and nginx's access log
 * (deploy/nginx.conf.template, rendered by scripts/render-nginx-config.ts) all redact from it.
 * A new link carrying a token in its path (unsubscribe, verify...) is added here.
 */
export const SECRET_PATH_PREFIXES = [
  "/rooms/",
  "/api/auth/reset-password/",
  // A subscriber's confirmation, manage and one-click unsubscribe links (issue 41).
  "/subscribe/confirm/",
  "/subscribe/manage/",
  "/subscribe/unsubscribe/",
] as const;

/** What a secret segment is logged as. */
export const REDACTED_SEGMENT = "[redacted]";

/** The path with the secret segment after any listed prefix replaced (no query string expected). */
export function redactSecretPath(path: string): string {
  for (const prefix of SECRET_PATH_PREFIXES) {
    if (!path.startsWith(prefix)) continue;
    const rest = path.slice(prefix.length);
    const end = rest.indexOf("/");
    return `${prefix}${REDACTED_SEGMENT}${end === -1 ? "" : rest.slice(end)}`;
  }
  return path;
}

/**
 * The same redaction as an nginx `map` from $request_uri to $umbra_logged_uri: the query string
 * dropped (it may carry tokens, as the reset page's does), the secret segment replaced.
 */
export function nginxLoggedUriMap(): string {
  const entries = SECRET_PATH_PREFIXES.map(
    (prefix) =>
      `    "~^${prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}[^/?]*(?<umbra_after_secret>[^?]*)" "${prefix}${REDACTED_SEGMENT}$umbra_after_secret";`,
  );
  return [
    "map $request_uri $umbra_logged_uri {",
    ...entries,
    '    "~^(?<umbra_uri_path>[^?]*)" $umbra_uri_path;',
    "}",
  ].join("\n");
}
