import { hash } from "@node-rs/argon2";
import { eq } from "drizzle-orm";
import type { AppDatabase } from "#app/db/database.server.ts";
import { viewingRoomLinks, viewingRooms, viewingRoomWorks } from "#app/db/viewing-room-schema.ts";
import { generateRoomToken, hashRoomToken, sealRoomToken } from "#app/rooms/room-token.server.ts";

/** Cheap argon2 settings: tests hash many passcodes; the product's own hashing is the studio's. */
const TEST_HASH = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

export interface TestRoomInput {
  title?: string;
  introduction?: string;
  works?: Array<{ slug: string; note?: string; price?: string }>;
  passcode?: string;
  showPrice?: boolean;
  showAvailability?: boolean;
  showEdition?: boolean;
  downloads?: Array<{ label: string; path: string }>;
  expiresAt?: Date | null;
  closedAt?: Date | null;
  link?: TestLinkInput;
}

export interface TestLinkInput {
  note?: string;
  passcode?: string;
  expiresAt?: Date | null;
  revokedAt?: Date | null;
}

export interface TestRoom {
  roomId: number;
  linkId: number;
  token: string;
}

/**
 * For tests only: a room with its works and one link, written straight into the tables (the
 * studio's screens are another module's). Returns the link's token, which is stored only hashed.
 */
export async function createTestRoom(db: AppDatabase, input: TestRoomInput = {}): Promise<TestRoom> {
  const [room] = await db
    .insert(viewingRooms)
    .values({
      title: input.title ?? "A room for Ada",
      introduction: input.introduction ?? "",
      showPrice: input.showPrice ?? false,
      showAvailability: input.showAvailability ?? true,
      showEdition: input.showEdition ?? true,
      downloads: input.downloads ?? [],
      passcodeHash: input.passcode ? await hash(input.passcode, TEST_HASH) : null,
      expiresAt: input.expiresAt ?? null,
      closedAt: input.closedAt ?? null,
    })
    .returning({ id: viewingRooms.id });
  if (!room) throw new Error("the test room was not written");
  const works = input.works ?? [{ slug: "the-trinket-maker" }];
  if (works.length > 0) {
    await db.insert(viewingRoomWorks).values(
      works.map((work, position) => ({
        roomId: room.id,
        workSlug: work.slug,
        position,
        note: work.note ?? "",
        price: work.price ?? "",
      })),
    );
  }
  const link = await createTestLink(db, room.id, input.link);
  return { roomId: room.id, ...link };
}

/** For tests only: one more link to a room. */
export async function createTestLink(
  db: AppDatabase,
  roomId: number,
  input: TestLinkInput = {},
): Promise<{ linkId: number; token: string }> {
  const token = generateRoomToken();
  const [link] = await db
    .insert(viewingRoomLinks)
    .values({
      roomId,
      tokenHash: hashRoomToken(token),
      tokenSealed: sealRoomToken(token),
      note: input.note ?? "for Ada, Basel",
      passcodeHash: input.passcode ? await hash(input.passcode, TEST_HASH) : null,
      expiresAt: input.expiresAt ?? null,
      revokedAt: input.revokedAt ?? null,
    })
    .returning({ id: viewingRoomLinks.id });
  if (!link) throw new Error("the test link was not written");
  return { linkId: link.id, token };
}

/** For tests only: renews a link as the studio does (the old one revoked and replaced). */
export async function renewTestLink(db: AppDatabase, linkId: number): Promise<{ linkId: number; token: string }> {
  const [old] = await db.select().from(viewingRoomLinks).where(eq(viewingRoomLinks.id, linkId));
  if (!old) throw new Error(`no link ${linkId}`);
  const next = await createTestLink(db, old.roomId, { note: old.note });
  await db
    .update(viewingRoomLinks)
    .set({ revokedAt: new Date(), replacedById: next.linkId })
    .where(eq(viewingRoomLinks.id, linkId));
  return next;
}
