// Reading stored certificates: by their verify id (the public page, the downloads, the mail) and
// by print (the studio's ledger screen).
import { desc, eq } from "drizzle-orm";
import { type CertificateRow, certificates } from "#app/db/certificate-schema.ts";
import type { AppDatabase } from "#app/db/database.server.ts";
import { CERTIFICATE_ID } from "./certificate-schema.ts";

/** A certificate by its verify id; undefined for an unknown or malformed id (never a database error). */
export async function findCertificate(
  db: Pick<AppDatabase, "select">,
  id: string,
): Promise<CertificateRow | undefined> {
  if (!CERTIFICATE_ID.test(id)) return undefined;
  const [row] = await db.select().from(certificates).where(eq(certificates.id, id));
  return row;
}

/** A print's certificates, newest first (the studio's ledger screen lists them). */
export async function certificatesOfUnit(db: Pick<AppDatabase, "select">, unitId: number): Promise<CertificateRow[]> {
  return db.select().from(certificates).where(eq(certificates.unitId, unitId)).orderBy(desc(certificates.issuedAt));
}
