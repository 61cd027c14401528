import { requireStudioAdmin } from "#app/admin/studio-access.server.ts";
import { subscribersCsvLines } from "#app/admin/subscribers/subscribers-csv.server.ts";
import { subscriptionServiceAtHand } from "#app/admin/subscribers/subscription-service-at-hand.server.ts";
import { csvAttachment } from "#app/http/csv-attachment.server.ts";
import { answeringOutages } from "#app/http/outage-answers.server.ts";
import type { Route } from "./+types/admin.subscribers.export[.]csv";

/**
 * GET /admin/subscribers/export.csv — every subscriber as CSV (UTF-8 with a byte-order mark, so
 * spreadsheet programs read accents): address, status, topics, and when consent was given. It
 * lists strangers' addresses, so it needs the studio's session and second factor. An
 * attachment, never cached.
 */
export const loader = answeringOutages("json", async ({ request, context }: Route.LoaderArgs) => {
  await requireStudioAdmin(request, context, "exporting the subscribers");
  const lines = await subscribersCsvLines(subscriptionServiceAtHand(context));
  return csvAttachment(`\uFEFF${lines.join("")}`, "subscribers");
});
