import type { MiddlewareFunction, RouterContextProvider } from "react-router";
import { readEnquiryId } from "#app/admin/enquiries/inbox-input.server.ts";
import { studioAccess } from "#app/admin/studio-access.server.ts";
import { databaseContext } from "#app/db/context.ts";
import { markEnquiryRead } from "#app/enquiries/inbox.server.ts";

/**
 * The middleware of an enquiry's page (routes/admin.enquiries.$id.tsx): opening an enquiry marks
 * it read before any loader of the request runs. The studio's unread count is read by the
 * shell's loader (routes/admin.tsx), which runs beside the page's: marked here, the enquiry being
 * opened is not counted, as when the page counted after opening it. The page's loader still
 * opens it (a second mark changes nothing) and answers any failure met here (an outage, a
 * malformed number, a visitor who may not read it), so this step gives up silently.
 */
export const markOpenedRead: MiddlewareFunction<Response> = async ({ request, context, params }, next) => {
  if (request.method === "GET") await markRead(request, context, params.id).catch(() => {});
  return next();
};

async function markRead(request: Request, context: Readonly<RouterContextProvider>, param: string | undefined) {
  const id = readEnquiryId(param);
  const access = await studioAccess(request, context);
  if (access.state === "admin") await markEnquiryRead(context.get(databaseContext).db, id);
}
