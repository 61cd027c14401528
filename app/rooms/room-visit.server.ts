import { isbot } from "isbot";
import type { AppDatabase } from "#app/db/database.server.ts";
import { isVisitCounted, visitCookie } from "./room-access.server.ts";
import { recordVisit } from "./room-events.server.ts";

/**
 * Counts this request as a visit of the link unless the same browser was counted in the last
 * half hour (its visit cookie), or it is a HEAD or a link preview (a chat app fetching the link
 * the studio just sent is not the collector). Returns the Set-Cookie line to send, if any.
 */
export async function countVisit(db: AppDatabase, request: Request, token: string, linkId: number) {
  if (request.method !== "GET" || isVisitCounted(request)) return undefined;
  const agent = request.headers.get("user-agent");
  if (agent && isbot(agent)) return undefined;
  await recordVisit(db, linkId);
  return visitCookie(token);
}
