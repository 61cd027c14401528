import { marked } from "marked";
import { data } from "react-router";
import { parseWorkLabel, withLedgerEdition } from "#app/catalogue/work-label.ts";
import type { RoomWorkView } from "#app/components/room/room-work.tsx";
import { type ContentStore, processContentStore } from "#app/content/content-store.server.ts";
import type { AppDatabase } from "#app/db/database.server.ts";
import type { ViewingRoom, ViewingRoomLink } from "#app/db/viewing-room-schema.ts";
import { type SafeHtml, sanitizeContentHtml } from "#app/security/content-html.server.ts";
import {
  findRoomLink,
  hasPasscodeCookie,
  passcodeHashFor,
  type RoomGoneReason,
  type RoomWork,
  roomWorks,
} from "./room-access.server.ts";

/** What a room route's error boundary is given with a 410 or 429. */
/** What a refused room route throws; the 410 page names the studio's address from the content. */
export type RoomRefusal =
  | { room: "gone"; reason: RoomGoneReason; studioEmail: string }
  | { room: "limited"; message: string; studioEmail: string };

export type RoomGate =
  | { state: "open"; room: ViewingRoom; link: ViewingRoomLink; works: RoomWork[] }
  | { state: "passcode"; room: ViewingRoom; link: ViewingRoomLink; passcodeHash: string };

/**
 * The one check in front of every room route: throws the 404 (the site's own page), the 410
 * (the room's "no longer open" page) or the 429 (too many unknown links from this address), and
 * otherwise says whether the visitor is in or must first give the passcode.
 */
export async function enterRoom(
  db: AppDatabase,
  request: Request,
  token: string,
  clientAddress: string,
  // The routes pass their context's store; the process's own is the same one (decision 038).
  content: ContentStore = processContentStore(),
): Promise<RoomGate> {
  const found = await findRoomLink(db, token, clientAddress);
  if (found.kind === "not-found") throw data(null, { status: 404 });
  if (found.kind === "limited") {
    const minutes = Math.max(1, Math.ceil(found.retryAfterSeconds / 60));
    throw data(
      {
        room: "limited",
        message: `Too many room links that do not exist were opened from here. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}, and check the link the studio sent you.`,
        studioEmail: content.siteSettings().contact.email,
      } satisfies RoomRefusal,
      { status: 429, headers: { "Retry-After": String(found.retryAfterSeconds) } },
    );
  }
  if (found.kind === "gone")
    throw data(
      { room: "gone", reason: found.reason, studioEmail: content.siteSettings().contact.email } satisfies RoomRefusal,
      { status: 410 },
    );
  const { room, link } = found;
  const passcodeHash = passcodeHashFor(room, link);
  if (passcodeHash && !hasPasscodeCookie(request, link, passcodeHash)) {
    return { state: "passcode", room, link, passcodeHash };
  }
  return { state: "open", room, link, works: await roomWorks(db, content.catalogueWithHidden(), room.id) };
}

/** The work of an open room named by `slug`, or the 404 a work outside the room gets. */
export function roomWork(works: readonly RoomWork[], slug: string | undefined): RoomWork {
  const work = works.find((candidate) => candidate.artwork.slug === slug);
  if (!work) throw data(null, { status: 404 });
  return work;
}

/**
 * A work as this room shows it: the facts the room hides are removed here, on the server, so
 * they are not in the page at all (not merely hidden by the layout).
 */
export function roomWorkView(
  room: Pick<ViewingRoom, "showPrice" | "showAvailability" | "showEdition">,
  work: RoomWork,
  /** The ledger's edition of the work now, if it has one (issue 40). */
  edition?: { line: string; size: number },
): RoomWorkView {
  const label = withLedgerEdition(parseWorkLabel(work.artwork.description), edition?.size);
  const editionLine = edition?.line;
  return {
    artwork: room.showAvailability ? work.artwork : { ...work.artwork, availability: "" },
    label: room.showEdition ? label : { ...label, edition: undefined },
    note: work.note,
    price: room.showPrice ? work.price.trim() || "Price on request" : null,
    // Availability the room hides is not in the page at all, live or not.
    edition: room.showAvailability ? editionLine : null,
  };
}

/** The room's introduction: Markdown, raw HTML escaped, then the content sanitiser (decision 029). */
export function introductionHtml(markdown: string): SafeHtml | null {
  if (markdown.trim() === "") return null;
  const escaped = new marked.Renderer();
  // Raw HTML in the studio's Markdown is shown as text, never markup.
  escaped.html = ({ text }) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return sanitizeContentHtml(marked.parse(markdown, { async: false, renderer: escaped }));
}
