import type { NextFunction, Request, Response } from "express";
import type { Logger } from "pino";
import { allowedOrigins } from "#app/config/public-origin.server.ts";
import { sendErrorAnswer } from "#app/http/error-answer.server.ts";
import { redactSecretPath } from "#app/security/secret-paths.ts";

/**
 * Explains the 400 React Router gives a form whose Origin differs from the URL it built for the
 * request (its own cross-site check), when that Origin is this site's own (PUBLIC_URL): then the
 * page and the form are ours and the proxy in front is set up wrong, usually an HTTPS proxy that
 * is not trusted (TRUST_PROXY), so the server sees http. React Router would say only "Bad
 * Request". Logged as a warning once per process, for the operator.
 */
export function explainProxyOriginMismatch(logger: Logger, allowed: () => readonly string[] = allowedOrigins) {
  let logged = false;
  return function explainMismatch(req: Request, res: Response, next: NextFunction) {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    // React Router checks page actions only; resource routes (the ones taking writes are all
    // under /api/) get no such check, and their own Origin check is PUBLIC_URL's.
    if (req.path.startsWith("/api/")) return next();
    const origin = req.get("origin");
    // Another site's form is the origin checks' to refuse, with their own answer.
    if (!origin || !allowed().includes(origin)) return next();
    // What React Router's Express adapter builds: req.protocol honours X-Forwarded-Proto from a
    // trusted proxy only; the Host header was checked by requireBuildableUrl.
    const seenUrl = `${req.protocol}://${req.get("host")}`;
    const seen = URL.canParse(seenUrl) ? new URL(seenUrl) : undefined;
    if (!seen || seen.origin === origin) return next();
    const hint =
      seen.host === new URL(origin).host
        ? "The HTTPS proxy in front of this server is not trusted: the site's operator should set TRUST_PROXY to the proxy's address (TRUST_PROXY=127.0.0.1 for nginx on the same machine) and restart it."
        : "The proxy in front of this server must pass the browser's Host header on (nginx: proxy_set_header Host $http_host).";
    const message = `This form was sent from ${origin} but this server received it as ${seen.origin}, so it was refused. ${hint}`;
    if (!logged) {
      logged = true;
      logger.warn({ origin, seenAs: seen.origin, path: redactSecretPath(req.path) }, message);
    }
    sendErrorAnswer(req, res, 400, message);
  };
}
