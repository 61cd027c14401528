import fs from "node:fs";
import path from "node:path";
import { SIGNING_KEYS_FILE, SIGNING_KEYS_FOLDER } from "#app/certificates/signing-keys.server.ts";
import { ensurePrivateDir } from "#app/db/private-data.server.ts";

/**
 * The certificate signing keys ride in the database's archive (decision 075) under this name, as
 * the auth secret does: without them a restored studio could no longer sign, and its did.json
 * would drop the keys every earlier certificate names. The copy is owner-only (0600) while it
 * sits in the database folder, and the archive itself is written 0600.
 */
export const SIGNING_KEYS_IN_ARCHIVE = "umbra-signing-keys.json";

const keyFile = (dataDir: string) => path.join(dataDir, SIGNING_KEYS_FOLDER, SIGNING_KEYS_FILE);

/** Copies DATA_DIR's key file into `pgdata` for the dump; returns whether there was one, and how to take it out again. */
export function copySigningKeysInto(dataDir: string, pgdata: string): { copied: boolean; remove: () => void } {
  const target = path.join(pgdata, SIGNING_KEYS_IN_ARCHIVE);
  const remove = () => fs.rmSync(target, { force: true });
  if (!fs.existsSync(keyFile(dataDir))) return { copied: false, remove };
  fs.copyFileSync(keyFile(dataDir), target);
  fs.chmodSync(target, 0o600);
  return { copied: true, remove };
}

/**
 * Moves the key file a restored archive brought into DATA_DIR/signing-keys (0700), 0600. A key
 * file already there is moved aside first (into the replaced database's folder when there is
 * one, else beside itself), never lost: it may have signed certificates.
 */
export function moveSigningKeysOut(pgdata: string, dataDir: string, aside?: string): boolean {
  const source = path.join(pgdata, SIGNING_KEYS_IN_ARCHIVE);
  if (!fs.existsSync(source)) return false;
  const destination = keyFile(dataDir);
  if (fs.existsSync(destination)) {
    const stamp = new Date().toISOString().replace(/[:.]/g, "-");
    fs.renameSync(
      destination,
      aside ? path.join(aside, SIGNING_KEYS_IN_ARCHIVE) : `${destination}.before-restore-${stamp}`,
    );
  }
  ensurePrivateDir(path.dirname(destination));
  fs.chmodSync(source, 0o600);
  fs.renameSync(source, destination);
  return true;
}
