import crypto from "node:crypto";
import { verify } from "@node-rs/argon2";
import { asc, eq, sql } from "drizzle-orm";
import { wantsSecureCookies } from "#app/auth/auth.server.ts";
import { authSecret } from "#app/auth/auth-secret.server.ts";
import {
  clearAttempts,
  countAttempt,
  RateLimitedError,
  type RateLimitRule,
  takeAttempt,
} from "#app/auth/rate-limit.server.ts";
import type { Artwork, Catalogue } from "#app/catalogue/catalogue.ts";
import { getEnv } from "#app/config/env.server.ts";
import type { AppDatabase } from "#app/db/database.server.ts";
import {
  type ViewingRoom,
  type ViewingRoomLink,
  viewingRoomLinks,
  viewingRooms,
  viewingRoomWorks,
} from "#app/db/viewing-room-schema.ts";
import { recordRoomEvent } from "./room-events.server.ts";
import { hashRoomToken, isWellFormedRoomToken } from "./room-token.server.ts";

/**
 * Who may see a viewing room, decided on the server for every room request (issue 22, decision
 * 036): the token in `/rooms/<token>` names one link; the link and its room must both still be
 * open; a passcode (the link's own, else the room's) is asked once and remembered in a signed,
 * path-scoped cookie. Guessing is throttled: unknown tokens per client address, passcodes per
 * link and per address, with the sign-in counters (auth_rate_limit, decision 013).
 */

/** Allowances. A collector mistypes a passcode a few times; a script guesses thousands. */
export const roomLimitRules = {
  // Unknown (well-formed) tokens from one address: a mistyped link is rare, a scan is not.
  unknownTokenAddress: { limit: 20, windowSeconds: 15 * 60 },
  passcodeLink: { limit: 8, windowSeconds: 15 * 60 },
  passcodeAddress: { limit: 20, windowSeconds: 15 * 60 },
} satisfies Record<string, RateLimitRule>;

/** How long a right passcode is remembered by the browser that gave it. */
export const PASSCODE_COOKIE_SECONDS = 12 * 60 * 60;
/** A browser's visits closer together than this are one visit (decision 036). */
export const VISIT_WINDOW_SECONDS = 30 * 60;

export const PASSCODE_COOKIE = "umbra_room_pass";
export const VISIT_COOKIE = "umbra_room_visit";

/** Why a room cannot be shown: 410 with a page saying the room is no longer open. */
export type RoomGoneReason = "room-closed" | "room-expired" | "link-revoked" | "link-expired";

/** A work of the room, in the room's order, with what the room says of it. */
export interface RoomWork {
  artwork: Artwork;
  note: string;
  price: string;
}

export type RoomLookup =
  | { kind: "not-found" }
  | { kind: "limited"; retryAfterSeconds: number }
  | { kind: "gone"; reason: RoomGoneReason }
  | { kind: "found"; room: ViewingRoom; link: ViewingRoomLink };

/**
 * The link and room a token names, or why not. A malformed token is answered without a query;
 * an address over its allowance of unknown tokens is answered without one too.
 */
export async function findRoomLink(
  db: AppDatabase,
  token: string,
  clientAddress: string,
  now: Date = new Date(),
): Promise<RoomLookup> {
  if (!isWellFormedRoomToken(token)) return { kind: "not-found" };
  const unknownKey = `room:unknown:ip:${clientAddress}`;
  const spent = await currentCount(db, unknownKey, roomLimitRules.unknownTokenAddress);
  if (spent) return { kind: "limited", retryAfterSeconds: spent };
  const [row] = await db
    .select({ link: viewingRoomLinks, room: viewingRooms })
    .from(viewingRoomLinks)
    .innerJoin(viewingRooms, eq(viewingRooms.id, viewingRoomLinks.roomId))
    .where(eq(viewingRoomLinks.tokenHash, hashRoomToken(token)))
    .limit(1);
  if (!row) {
    // Counted after the lookup, so only guesses use the allowance, never a collector's own visits.
    const counted = await countAttempt(db, unknownKey, roomLimitRules.unknownTokenAddress);
    if (counted.count > roomLimitRules.unknownTokenAddress.limit) {
      return {
        kind: "limited",
        retryAfterSeconds: secondsLeft(counted.window_started_at, roomLimitRules.unknownTokenAddress),
      };
    }
    return { kind: "not-found" };
  }
  const { link, room } = row;
  // A renewed link was replaced by another: the old address is simply gone, like any unknown one.
  if (link.replacedById !== null) return { kind: "not-found" };
  const reason = goneReason(room, link, now);
  if (reason) return { kind: "gone", reason };
  return { kind: "found", room, link };
}

/** Why a room and link are closed at `now`, or null when they are open. Room reasons first. */
export function goneReason(
  room: Pick<ViewingRoom, "closedAt" | "expiresAt">,
  link: Pick<ViewingRoomLink, "revokedAt" | "expiresAt">,
  now: Date = new Date(),
): RoomGoneReason | null {
  if (room.closedAt && room.closedAt <= now) return "room-closed";
  if (room.expiresAt && room.expiresAt <= now) return "room-expired";
  if (link.revokedAt && link.revokedAt <= now) return "link-revoked";
  if (link.expiresAt && link.expiresAt <= now) return "link-expired";
  return null;
}

/** The passcode hash that guards this link: its own, else its room's, else none. */
export function passcodeHashFor(room: Pick<ViewingRoom, "passcodeHash">, link: Pick<ViewingRoomLink, "passcodeHash">) {
  return link.passcodeHash ?? room.passcodeHash ?? null;
}

/** The room's works in the studio's order; a work no longer in the catalogue is left out. */
export async function roomWorks(db: AppDatabase, catalogue: Catalogue, roomId: number): Promise<RoomWork[]> {
  const rows = await db
    .select()
    .from(viewingRoomWorks)
    .where(eq(viewingRoomWorks.roomId, roomId))
    .orderBy(asc(viewingRoomWorks.position), asc(viewingRoomWorks.id));
  const works: RoomWork[] = [];
  for (const row of rows) {
    const artwork = catalogue.find(row.workSlug);
    if (artwork) works.push({ artwork, note: row.note, price: row.price });
  }
  return works;
}

/** The path every cookie of a room is scoped to: only that link's pages ever receive it. */
export function roomPath(token: string): string {
  return `/rooms/${token}`;
}

// --- The passcode cookie -----------------------------------------------------------------

let derivedKey: Buffer | undefined;
function passcodeKey(): Buffer {
  if (!derivedKey) {
    const env = getEnv();
    const secret = authSecret({ configured: env.AUTH_SECRET, dataDir: env.DATA_DIR });
    // A key of its own: no other signed value of the site passes for a room's passcode cookie.
    derivedKey = crypto.createHmac("sha256", secret).update("umbra viewing room passcode v1").digest();
  }
  return derivedKey;
}

/**
 * Signed over the link, the passcode hash it was given for and its expiry: a changed passcode,
 * another link, or an altered expiry all make the cookie worthless.
 */
function passcodeSignature(linkId: number, passcodeHash: string, expiresMs: number, key: Buffer): string {
  const passcodeId = crypto.createHash("sha256").update(passcodeHash).digest("base64url");
  return crypto.createHmac("sha256", key).update(`${linkId}.${passcodeId}.${expiresMs}`).digest("base64url");
}

function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get("cookie") ?? "";
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}

/** Whether the request carries this link's passcode cookie, signed and not expired. */
export function hasPasscodeCookie(
  request: Request,
  link: Pick<ViewingRoomLink, "id">,
  passcodeHash: string,
  now: number = Date.now(),
  key: Buffer = passcodeKey(),
): boolean {
  const value = readCookie(request, PASSCODE_COOKIE);
  const match = value ? /^(\d{13})\.([A-Za-z0-9_-]{43})$/.exec(value) : null;
  if (!match) return false;
  const expiresMs = Number(match[1]);
  if (!(expiresMs > now)) return false;
  const expected = Buffer.from(passcodeSignature(link.id, passcodeHash, expiresMs, key));
  const given = Buffer.from(match[2] ?? "");
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

function cookieAttributes(token: string, maxAgeSeconds: number): string {
  return `Path=${roomPath(token)}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${wantsSecureCookies() ? "; Secure" : ""}`;
}

/** The Set-Cookie line that lets this browser into the link's room for a while. */
export function passcodeCookie(
  token: string,
  link: Pick<ViewingRoomLink, "id">,
  passcodeHash: string,
  now: number = Date.now(),
  key: Buffer = passcodeKey(),
): string {
  const expiresMs = now + PASSCODE_COOKIE_SECONDS * 1000;
  const value = `${expiresMs}.${passcodeSignature(link.id, passcodeHash, expiresMs, key)}`;
  return `${PASSCODE_COOKIE}=${value}; ${cookieAttributes(token, PASSCODE_COOKIE_SECONDS)}`;
}

// --- Visits ------------------------------------------------------------------------------

/** Whether this browser was counted in the last 30 minutes (its visit cookie is still there). */
export function isVisitCounted(request: Request): boolean {
  return readCookie(request, VISIT_COOKIE) === "1";
}

/** The Set-Cookie line that makes this browser's next half hour one visit. */
export function visitCookie(token: string): string {
  return `${VISIT_COOKIE}=1; ${cookieAttributes(token, VISIT_WINDOW_SECONDS)}`;
}

// --- Passcodes ---------------------------------------------------------------------------

export type PasscodeOutcome =
  | { ok: true; setCookie: string }
  | { ok: false; status: 400 | 401 | 429; message: string; retryAfterSeconds?: number };

/**
 * Checks a passcode typed for a link. Each try is charged to the link and to the address before
 * it is checked (decision 013: counting first holds under a burst); a wrong one is recorded as
 * `passcode-refused`; a right one forgets the link's count and gives the cookie.
 */
export async function tryPasscode(
  db: AppDatabase,
  input: {
    token: string;
    link: Pick<ViewingRoomLink, "id">;
    passcodeHash: string;
    passcode: string;
    clientAddress: string;
  },
): Promise<PasscodeOutcome> {
  const linkKey = `room:passcode:link:${input.link.id}`;
  try {
    await takeAttempt(db, [
      { key: linkKey, rule: roomLimitRules.passcodeLink },
      { key: `room:passcode:ip:${input.clientAddress}`, rule: roomLimitRules.passcodeAddress },
    ]);
  } catch (error) {
    if (!(error instanceof RateLimitedError)) throw error;
    const minutes = Math.max(1, Math.ceil(error.retryAfterSeconds / 60));
    return {
      ok: false,
      status: 429,
      message: `Too many passcodes were tried for this room. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}, or ask the studio for the passcode.`,
      retryAfterSeconds: error.retryAfterSeconds,
    };
  }
  const passcode = input.passcode.trim();
  if (passcode === "") return { ok: false, status: 400, message: "Enter the passcode the studio gave you." };
  let right = false;
  try {
    right = await verify(input.passcodeHash, passcode);
  } catch {
    right = false;
  }
  if (!right) {
    await recordRoomEvent(db, { linkId: input.link.id, kind: "passcode-refused" });
    return { ok: false, status: 401, message: "That passcode is not right. Check it and try again." };
  }
  await clearAttempts(db, linkKey);
  return { ok: true, setCookie: passcodeCookie(input.token, input.link, input.passcodeHash) };
}

// --- Counters ----------------------------------------------------------------------------

/** Seconds until an over-the-limit counter's window ends, or 0 when it is within its limit. */
async function currentCount(db: AppDatabase, key: string, rule: RateLimitRule): Promise<number> {
  const result = await db.execute<{ count: number; window_started_at: string | Date }>(sql`
    select count, window_started_at from auth_rate_limit
    where key = ${key} and window_started_at > now() - ${`${rule.windowSeconds} seconds`}::interval`);
  const row = result.rows[0];
  if (!row || Number(row.count) <= rule.limit) return 0;
  return secondsLeft(row.window_started_at, rule);
}

function secondsLeft(startedAt: string | Date, rule: RateLimitRule): number {
  const started = new Date(startedAt).getTime();
  return Math.max(1, Math.ceil((started + rule.windowSeconds * 1000 - Date.now()) / 1000));
}
