import type { RouterContextProvider } from "react-router";
import { adminWriteAccess } from "#app/admin/enquiries/enquiry-access.server.ts";

/** A content write's access: the inbox's (enquiry-access.server.ts). */
export function contentWriteAccess(request: Request, context: Readonly<RouterContextProvider>) {
  return adminWriteAccess(request, context, "publishing content");
}
