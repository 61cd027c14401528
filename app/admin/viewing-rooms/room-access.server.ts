import type { RouterContextProvider } from "react-router";
import { adminWriteAccess } from "#app/admin/enquiries/enquiry-access.server.ts";

/** A viewing-room write's access: the inbox's (enquiry-access.server.ts). */
export function roomWriteAccess(request: Request, context: Readonly<RouterContextProvider>) {
  return adminWriteAccess(request, context, "changing viewing rooms");
}
