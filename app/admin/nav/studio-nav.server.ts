import type { RouterContextProvider } from "react-router";
import { type StudioAccess, studioAccess } from "#app/admin/studio-access.server.ts";
import { databaseContext } from "#app/db/context.ts";
import { isDatabaseUnreachable } from "#app/db/database-unreachable.server.ts";
import { unreadEnquiryCount } from "#app/enquiries/inbox.server.ts";

/**
 * What the studio's navigation needs (the studio shell's loader, routes/admin.tsx): null when no
 * navigation is shown, else the unread enquiry count, null until the account has a second factor
 * (enquiries need one: no count then, and no event stream).
 */
export type StudioNav = { unreadEnquiries: number | null } | null;

/**
 * The navigation for `access` (the request's studio access) with `countUnread` for the count.
 * Never an answer of its own on an outage: the screen below reads the same access and queries
 * the same database, and its loader answers the failure (its 503, or 500 for anything else).
 * An error thrown here would reach the studio's error boundary first and could replace it.
 */
export async function studioNavFor(
  access: Promise<StudioAccess>,
  countUnread: () => Promise<number>,
): Promise<StudioNav> {
  // A failed lookup: the screen's loader rejects with the same error and answers it.
  const known = await access.catch(() => null);
  // Signed out, the code step, not an admin: the screen is a gate, with no navigation.
  if (known?.state !== "admin" && known?.state !== "needs-factor") return null;
  if (known.state === "needs-factor") return { unreadEnquiries: null };
  try {
    return { unreadEnquiries: await countUnread() };
  } catch (error) {
    // The database went away after the lookup: the screen's own queries say so (503); should
    // the screen need none, it shows with the navigation but without the count.
    if (isDatabaseUnreachable(error)) return { unreadEnquiries: null };
    throw error;
  }
}

/** The studio shell's loader: the navigation for this request's access (looked up once, by the shell). */
export function studioNav(request: Request, context: Readonly<RouterContextProvider>): Promise<StudioNav> {
  return studioNavFor(studioAccess(request, context), () => unreadEnquiryCount(context.get(databaseContext).db));
}
