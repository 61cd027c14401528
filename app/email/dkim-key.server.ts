// The studio's DKIM key (decision 077): RSA 2048, made by `npm run mail:dkim-key`, kept in
// DATA_DIR/dkim/private-key.pem (file 0600, folder 0700). Its private half goes to nodemailer and
// nowhere else: never into a return value meant for display, a log line or an error message.
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { ensurePrivateDir } from "#app/db/private-data.server.ts";

/** Under DATA_DIR: the folder and the file db:backup carries (scripts/signing-keys-in-archive.ts). */
export const DKIM_KEY_FOLDER = "dkim";
export const DKIM_KEY_FILE = "private-key.pem";
export const DKIM_MODULUS_BITS = 2048;

/** What nodemailer's `dkim` option takes. */
export interface DkimSigning {
  domainName: string;
  keySelector: string;
  privateKey: string;
}

/** The key file is missing or unusable; the message names the file and what to do, never its content. */
export class DkimKeyError extends Error {
  override name = "DkimKeyError";
}

export const dkimKeyFile = (dataDir: string) => path.resolve(dataDir, DKIM_KEY_FOLDER, DKIM_KEY_FILE);

/**
 * Makes a new key and writes it 0600 (to a hidden file first, then renamed, so a reader never
 * finds half a key). An existing key is kept unless `replace`; then it is moved aside with the
 * time in its name, never deleted: mail it signed still verifies while its DNS record stands.
 */
export function makeDkimKey(dataDir: string, { replace = false } = {}): { publicKey: KeyObject; replaced?: string } {
  const file = dkimKeyFile(dataDir);
  const exists = fs.existsSync(file);
  if (exists && !replace) {
    throw new DkimKeyError(
      `A DKIM key already exists in ${file}. Add --replace to make a new one (the old is kept aside).`,
    );
  }
  ensurePrivateDir(path.dirname(file));
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: DKIM_MODULUS_BITS });
  const partial = path.join(path.dirname(file), `.${DKIM_KEY_FILE}.partial`);
  fs.writeFileSync(partial, privateKey.export({ type: "pkcs8", format: "pem" }), { mode: 0o600 });
  fs.chmodSync(partial, 0o600);
  let replaced: string | undefined;
  if (exists) {
    replaced = `${file}.replaced-${new Date().toISOString().replace(/[:.]/g, "-")}`;
    fs.renameSync(file, replaced);
  }
  fs.renameSync(partial, file);
  return { publicKey, ...(replaced ? { replaced } : {}) };
}

/** The private key in the file, checked: RSA of at least 2048 bits. */
function readPrivateKey(file: string): KeyObject {
  let pem: string;
  try {
    pem = fs.readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") {
      throw new DkimKeyError(`DKIM is configured but there is no key in ${file}: run npm run mail:dkim-key.`);
    }
    throw new DkimKeyError(`Cannot read the DKIM key in ${file} (${(error as NodeJS.ErrnoException).code}).`);
  }
  let key: KeyObject;
  try {
    key = createPrivateKey(pem);
  } catch {
    throw new DkimKeyError(
      `The DKIM key in ${file} is not a PEM private key: make a new one with npm run mail:dkim-key -- --replace.`,
    );
  }
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (key.asymmetricKeyType !== "rsa" || bits < DKIM_MODULUS_BITS) {
    throw new DkimKeyError(
      `The DKIM key in ${file} must be RSA of ${DKIM_MODULUS_BITS} bits or more: make one with npm run mail:dkim-key -- --replace.`,
    );
  }
  return key;
}

/** The public half of the key in DATA_DIR, to print its DNS record again. */
export function dkimPublicKey(dataDir: string): KeyObject {
  return createPublicKey(readPrivateKey(dkimKeyFile(dataDir)));
}

/**
 * What signs outgoing mail when DKIM_DOMAIN and DKIM_SELECTOR are set: read once at start, the
 * file made owner-only again should someone have loosened it. Throws DkimKeyError.
 */
export function loadDkimSigning(dataDir: string, domainName: string, keySelector: string): DkimSigning {
  const file = dkimKeyFile(dataDir);
  const key = readPrivateKey(file);
  if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
  return { domainName, keySelector, privateKey: key.export({ type: "pkcs8", format: "pem" }).toString() };
}

/** The DNS TXT record receivers look the key up in: its name and its value. */
export function dkimTxtRecord(
  publicKey: KeyObject,
  domainName: string,
  keySelector: string,
): { name: string; value: string } {
  const der = publicKey.export({ type: "spki", format: "der" });
  return { name: `${keySelector}._domainkey.${domainName}`, value: `v=DKIM1; k=rsa; p=${der.toString("base64")}` };
}

/**
 * The record as a zone-file line. A TXT string holds at most 255 characters, and a 2048-bit key
 * is longer: it is split into quoted strings, which resolvers join back into one.
 */
export function dkimZoneLine(record: { name: string; value: string }): string {
  const parts = record.value.match(/.{1,255}/g) ?? [];
  return `${record.name}. IN TXT ( ${parts.map((part) => `"${part}"`).join(" ")} )`;
}
