import { data, type RouterContextProvider } from "react-router";
import {
  type SubscriptionService,
  subscriptionServiceContext,
} from "#app/subscriptions/subscription-service.server.ts";

/**
 * The process's subscription service for a studio screen. The server always builds one
 * (server/services.ts); only a process without services (the build's prerender) lacks it, and
 * then the screen says so with a 503 instead of showing an empty list.
 */
export function subscriptionServiceAtHand(context: Readonly<RouterContextProvider>): SubscriptionService {
  const service = context.get(subscriptionServiceContext);
  if (!service) {
    throw data("The subscriber list is not available in this process. Try again in a minute.", {
      status: 503,
      headers: { "Cache-Control": "no-store", "Retry-After": "60" },
    });
  }
  return service;
}
