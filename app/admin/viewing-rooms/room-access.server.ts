import type { RouterContextProvider } from "react-router";
import { studioWriteAccess } from "#app/admin/studio-access.server.ts";

/** A viewing-room write's access: the studio's (studio-access.server.ts). */
export function roomWriteAccess(request: Request, context: Readonly<RouterContextProvider>) {
  return studioWriteAccess(request, context, "changing viewing rooms");
}
