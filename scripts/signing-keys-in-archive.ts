import fs from "node:fs";
import path from "node:path";
import { SIGNING_KEYS_FILE, SIGNING_KEYS_FOLDER } from "#app/certificates/signing-keys.server.ts";
import { ensurePrivateDir } from "#app/db/private-data.server.ts";
import { DKIM_KEY_FILE, DKIM_KEY_FOLDER } from "#app/email/dkim-key.server.ts";

/**
 * The certificate signing keys ride in the database's archive (decision 075) under this name, as
 * the auth secret does: without them a restored studio could no longer sign, and its did.json
 * would drop the keys every earlier certificate names. The copy is owner-only (0600) while it
 * sits in the database folder, and the archive itself is written 0600.
 */
export const SIGNING_KEYS_IN_ARCHIVE = "umbra-signing-keys.json";
/** The DKIM key rides with them (decision 077): without it a restored studio's mail fails DKIM. */
export const DKIM_KEY_IN_ARCHIVE = "umbra-dkim-private-key.pem";

const keyFiles = [
  { folder: SIGNING_KEYS_FOLDER, file: SIGNING_KEYS_FILE, inArchive: SIGNING_KEYS_IN_ARCHIVE },
  { folder: DKIM_KEY_FOLDER, file: DKIM_KEY_FILE, inArchive: DKIM_KEY_IN_ARCHIVE },
];
type KeyFile = (typeof keyFiles)[number];

const keyFile = (dataDir: string, key: KeyFile) => path.join(dataDir, key.folder, key.file);

/**
 * Copies DATA_DIR's key files (certificate signing keys, DKIM key) into `pgdata` for the dump;
 * returns whether the certificate keys were there, whether the DKIM key was, and how to take
 * the copies out again.
 */
export function copySigningKeysInto(
  dataDir: string,
  pgdata: string,
): { copied: boolean; dkim: boolean; remove: () => void } {
  const copied = keyFiles.map((key) => {
    if (!fs.existsSync(keyFile(dataDir, key))) return false;
    const target = path.join(pgdata, key.inArchive);
    fs.copyFileSync(keyFile(dataDir, key), target);
    fs.chmodSync(target, 0o600);
    return true;
  });
  const remove = () => {
    for (const key of keyFiles) fs.rmSync(path.join(pgdata, key.inArchive), { force: true });
  };
  return { copied: copied[0] ?? false, dkim: copied[1] ?? false, remove };
}

/**
 * Moves the key files a restored archive brought into DATA_DIR (folders 0700, files 0600). A
 * key file already there is moved aside first (into the replaced database's folder when there
 * is one, else beside itself), never lost: it may have signed certificates or mail. Says which
 * came back: the certificate signing keys, the DKIM key.
 */
export function moveKeyFilesOut(pgdata: string, dataDir: string, aside?: string) {
  const [certificates, dkim] = keyFiles.map((key) => moveKeyOut(pgdata, dataDir, key, aside));
  return { certificates: certificates ?? false, dkim: dkim ?? false };
}

function moveKeyOut(pgdata: string, dataDir: string, key: KeyFile, aside?: string): boolean {
  const source = path.join(pgdata, key.inArchive);
  if (!fs.existsSync(source)) return false;
  const destination = keyFile(dataDir, key);
  if (fs.existsSync(destination)) {
    const stamp = new Date().toISOString().replace(/[:.]/g, "-");
    fs.renameSync(destination, aside ? path.join(aside, key.inArchive) : `${destination}.before-restore-${stamp}`);
  }
  ensurePrivateDir(path.dirname(destination));
  fs.chmodSync(source, 0o600);
  fs.renameSync(source, destination);
  return true;
}
