import type { RouterContextProvider } from "react-router";
import { studioWriteAccess } from "#app/admin/studio-access.server.ts";

/** A content write's access: the studio's (studio-access.server.ts). */
export function contentWriteAccess(request: Request, context: Readonly<RouterContextProvider>) {
  return studioWriteAccess(request, context, "publishing content");
}
