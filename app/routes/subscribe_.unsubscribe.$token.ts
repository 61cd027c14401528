import { redirect } from "react-router";
import { answeringOutages } from "#app/http/outage-answers.server.ts";
import { oneClickAnswer } from "#app/subscriptions/one-click.server.ts";
import { subscriptionServiceContext } from "#app/subscriptions/subscription-service.server.ts";
import type { Route } from "./+types/subscribe_.unsubscribe.$token";

/** GET: a person opened the List-Unsubscribe address; the manage page is where they choose. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/subscribe/manage/${encodeURIComponent(params.token.slice(0, 200))}`, {
    headers: { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" },
  });
}

/**
 * POST (RFC 8058): `List-Unsubscribe=One-Click` from a mail client unsubscribes at once, 200, no
 * page. A resource route, so React Router's page-action Origin check does not stand in the way
 * of a mail provider's servers; the live manage token is the only authority.
 */
export const action = answeringOutages("json", ({ params, request, context }: Route.ActionArgs) =>
  oneClickAnswer(context.get(subscriptionServiceContext), params.token, request),
);
