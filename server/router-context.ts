import { RouterContextProvider } from "react-router";
import { clientIpContext } from "#app/auth/client-ip-context.ts";
import { cataloguePdfContext, servedCataloguePdfContext } from "#app/catalogue-pdf/catalogue-pdf.server.ts";
import { contentStoreContext } from "#app/content/content-store.server.ts";
import { contentSyncContext } from "#app/content/content-sync.server.ts";
import { databaseContext } from "#app/db/context.ts";
import { editionAvailabilityContext } from "#app/editions/edition-availability.server.ts";
import { loggerContext } from "#app/observability/context.ts";
import { publicQuoteCacheContext } from "#app/quotes/public-quote-cache.server.ts";
import { adminEventsContext } from "#app/realtime/context.ts";
import { cspNonceContext } from "#app/security/csp-nonce-context.ts";
import { subscriptionServiceContext } from "#app/subscriptions/subscription-service.server.ts";
import type { Services } from "./services.ts";

/**
 * One request's router context: the process's services (built once, services.ts) and what is
 * this request's own. Loaders and actions read each with `context.get(...)`; a test builds its
 * own services and passes them here.
 */
export function routerContextFor(
  services: Pick<Services, "database" | "adminEvents" | "publicQuotes" | "logger"> &
    Partial<Pick<Services, "content" | "contentSync" | "cataloguePdf" | "editionAvailability" | "subscriptions">>,
  request: { cspNonce?: string; clientIp: string },
): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(databaseContext, services.database);
  context.set(adminEventsContext, services.adminEvents);
  context.set(publicQuoteCacheContext, services.publicQuotes);
  context.set(loggerContext, services.logger);
  // Without one (a test that needs no content) loaders read the process's store, the context's default.
  if (services.content) context.set(contentStoreContext, services.content);
  if (services.contentSync) context.set(contentSyncContext, services.contentSync);
  if (services.cataloguePdf) {
    context.set(cataloguePdfContext, services.cataloguePdf);
    context.set(servedCataloguePdfContext, services.cataloguePdf);
  }
  // Without one, pages print no edition (the context's default knows none).
  if (services.editionAvailability) context.set(editionAvailabilityContext, services.editionAvailability);
  // Without one, forms offer the standing topics and posts to /subscribe answer 503.
  if (services.subscriptions) context.set(subscriptionServiceContext, services.subscriptions);
  context.set(cspNonceContext, request.cspNonce);
  context.set(clientIpContext, request.clientIp);
  return context;
}
