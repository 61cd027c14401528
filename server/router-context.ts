import { RouterContextProvider } from "react-router";
import { clientIpContext } from "~/auth/client-ip-context";
import { databaseContext } from "~/db/context";
import { loggerContext } from "~/observability/context";
import { publicQuoteCacheContext } from "~/quotes/public-quote-cache.server";
import { quoteEventsContext } from "~/realtime/context";
import { cspNonceContext } from "~/security/csp-nonce-context";
import type { Services } from "./services";

/**
 * One request's router context: the process's services (built once, services.ts) and what is
 * this request's own. Loaders and actions read each with `context.get(...)`; a test builds its
 * own services and passes them here.
 */
export function routerContextFor(
  services: Pick<Services, "database" | "quoteEvents" | "publicQuotes" | "logger">,
  request: { cspNonce?: string; clientIp: string },
): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(databaseContext, services.database);
  context.set(quoteEventsContext, services.quoteEvents);
  context.set(publicQuoteCacheContext, services.publicQuotes);
  context.set(loggerContext, services.logger);
  context.set(cspNonceContext, request.cspNonce);
  context.set(clientIpContext, request.clientIp);
  return context;
}
