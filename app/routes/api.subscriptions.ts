import { clientIpContext } from "#app/auth/client-ip-context.ts";
import { databaseContext } from "#app/db/context.ts";
import { issueFormToken } from "#app/enquiries/form-token.server.ts";
import { answeringOutages } from "#app/http/outage-answers.server.ts";
import { submitSubscription } from "#app/subscriptions/submit-subscription.server.ts";
import { subscriptionServiceContext } from "#app/subscriptions/subscription-service.server.ts";
import type { Route } from "./+types/api.subscriptions";

const noStore = { "Cache-Control": "no-store" };

/** GET /api/subscriptions: a fresh form token for a subscribe form on a prerendered page. */
export function loader() {
  return Response.json({ token: issueFormToken() }, { headers: noStore });
}

/**
 * POST /api/subscriptions: the form sent by posted-form.script.js. Answers `{ message }`
 * (202: a confirmation may be on its way) or `{ message, fieldError? }` with the refusal's
 * 4xx; the same checks and the same answer for a known or unknown address as POST /subscribe.
 */
export const action = answeringOutages("json", async ({ request, context }: Route.ActionArgs) => {
  const service = context.get(subscriptionServiceContext);
  if (!service) return Response.json({ message: "Subscriptions are not running on this server." }, { status: 503 });
  const outcome = await submitSubscription(
    context.get(databaseContext).db,
    service,
    request,
    context.get(clientIpContext),
  );
  if (outcome.ok) return Response.json({ message: outcome.message }, { status: 202, headers: noStore });
  return Response.json(
    { message: outcome.message, fieldError: outcome.fieldError },
    { status: outcome.status, headers: { ...noStore, ...outcome.headers } },
  );
});
