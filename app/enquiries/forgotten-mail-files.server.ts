import { getEnv } from "#app/config/env.server.ts";
import type { AppDatabase } from "#app/db/database.server.ts";
import { removeOutboxFilesWithoutRecord } from "#app/email/outbox-files.server.ts";
import { existingMailIds } from "#app/email/outgoing-mail.server.ts";

/**
 * After enquiries were deleted with their mail records (one deleted, an address forgotten, a
 * retention sweep): the outbox copies of that mail (no SMTP_URL) go too, so a forgotten
 * person's words are not left in DATA_DIR/outbox.
 */
export function removeForgottenOutboxFiles(db: AppDatabase, dataDir = getEnv().DATA_DIR): Promise<number> {
  return removeOutboxFilesWithoutRecord(dataDir, (ids) => existingMailIds(db, ids));
}
