// The studio's Ed25519 signing keys (decision 075): made at first use, kept in
// DATA_DIR/signing-keys/keys.json (file 0600, folder 0700), written atomically. Rotation adds a
// new current key and keeps every earlier key's public half, so every certificate ever issued
// still verifies; a retired key's private half is dropped, so a leaked old key signs nothing
// new. The private key leaves this module only as a non-extractable WebCrypto key: it is never
// in a return value, a log line or an error message.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { getEnv } from "#app/config/env.server.ts";
import { ensurePrivateDir } from "#app/db/private-data.server.ts";
import { type PublicJwk, publicJwkSchema, publicPart, thumbprintOf } from "./ed25519-jwk.ts";

/** Under DATA_DIR: the folder and the file db:backup carries (scripts/db-backup.ts). */
export const SIGNING_KEYS_FOLDER = "signing-keys";
export const SIGNING_KEYS_FILE = "keys.json";

const storedKeySchema = z.object({
  keyId: z.string(),
  createdAt: z.iso.datetime(),
  retiredAt: z.iso.datetime().optional(),
  publicJwk: publicJwkSchema,
  /** Only the current key keeps it. */
  privateD: z.string().optional(),
});
const keyFileSchema = z.object({ version: z.literal(1), keys: z.array(storedKeySchema).min(1) });
type KeyFile = z.infer<typeof keyFileSchema>;

/** A key as the world may see it. */
export interface StudioPublicKey {
  keyId: string;
  jwk: PublicJwk;
  createdAt: string;
  current: boolean;
}

/** The current key, ready to sign: its private half is a non-extractable WebCrypto key. */
export interface CurrentSigningKey {
  keyId: string;
  jwk: PublicJwk;
  privateKey: CryptoKey;
}

/** The key file exists but cannot be used; the message names the file and never its content. */
export class SigningKeyError extends Error {
  override name = "SigningKeyError";
}

export class SigningKeyStore {
  readonly folder: string;
  readonly file: string;

  constructor(dataDir: string) {
    this.folder = path.resolve(dataDir, SIGNING_KEYS_FOLDER);
    this.file = path.join(this.folder, SIGNING_KEYS_FILE);
  }

  /** The key that signs now; made (and kept) on the first call ever. */
  async currentSigningKey(): Promise<CurrentSigningKey> {
    const current = (await this.loadOrCreate()).keys.find((key) => key.privateD !== undefined && !key.retiredAt);
    if (!current?.privateD)
      throw new SigningKeyError(`${this.file} holds no current signing key; restore it from a backup.`);
    const privateKey = await crypto.subtle.importKey(
      "jwk",
      { ...current.publicJwk, d: current.privateD },
      { name: "Ed25519" },
      false,
      ["sign"],
    );
    return { keyId: current.keyId, jwk: publicPart(current.publicJwk), privateKey };
  }

  /** Every key that ever signed, oldest first, the current one last; made on the first call ever. */
  async publicKeys(): Promise<StudioPublicKey[]> {
    return publicView(await this.loadOrCreate());
  }

  /** The keys when the file exists, without ever making one (the offline verifier). */
  existingPublicKeys(): StudioPublicKey[] | undefined {
    const file = this.read();
    return file && publicView(file);
  }

  /** Retires the current key (its private half is dropped) and makes a new current one. */
  async rotate(): Promise<StudioPublicKey> {
    await this.loadOrCreate();
    return this.withLock(async () => {
      const file = this.read() as KeyFile;
      const now = new Date().toISOString();
      const retired = file.keys.map(({ privateD: _dropped, ...key }) => ({ ...key, retiredAt: key.retiredAt ?? now }));
      const next: KeyFile = { version: 1, keys: [...retired, await newKey()] };
      this.replace(next);
      return publicView(next).at(-1) as StudioPublicKey;
    });
  }

  private async loadOrCreate(): Promise<KeyFile> {
    const existing = this.read();
    if (existing) return existing;
    const made: KeyFile = { version: 1, keys: [await newKey()] };
    ensurePrivateDir(this.folder);
    const partial = this.writePartial(made);
    try {
      // link() fails when another process made the file first: theirs is kept, and read below.
      fs.linkSync(partial, this.file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    } finally {
      fs.rmSync(partial, { force: true });
    }
    return this.read() as KeyFile;
  }

  private read(): KeyFile | undefined {
    let text: string;
    try {
      text = fs.readFileSync(this.file, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw new SigningKeyError(
        `Cannot read the signing keys in ${this.file} (${(error as NodeJS.ErrnoException).code}).`,
      );
    }
    // A copy or a restore may have left it readable by others.
    if ((fs.statSync(this.file).mode & 0o077) !== 0) fs.chmodSync(this.file, 0o600);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      // JSON.parse's own message quotes the text, which holds the private key: not passed on.
      json = undefined;
    }
    const parsed = keyFileSchema.safeParse(json);
    if (!parsed.success) {
      throw new SigningKeyError(`The signing keys in ${this.file} are damaged; restore the file from a backup.`);
    }
    return parsed.data;
  }

  /** Writes the whole file beside the real one (0600, flushed) and returns its name. */
  private writePartial(content: KeyFile): string {
    const partial = `${this.file}.${process.pid}.${randomBytes(6).toString("hex")}.partial`;
    const fd = fs.openSync(partial, "wx", 0o600);
    try {
      fs.writeSync(fd, `${JSON.stringify(content, null, 2)}\n`);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    return partial;
  }

  private replace(content: KeyFile): void {
    const partial = this.writePartial(content);
    try {
      fs.renameSync(partial, this.file);
    } catch (error) {
      fs.rmSync(partial, { force: true });
      throw error;
    }
  }

  /** One rotation at a time across processes: a lock file made with O_EXCL, cleared if left over a minute. */
  private async withLock<T>(body: () => Promise<T>): Promise<T> {
    const lock = `${this.file}.lock`;
    const stale = fs.statSync(lock, { throwIfNoEntry: false });
    if (stale && Date.now() - stale.mtimeMs > 60_000) fs.rmSync(lock, { force: true });
    let fd: number;
    try {
      fd = fs.openSync(lock, "wx", 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      throw new SigningKeyError("Another rotation of the signing key is under way; try again in a minute.");
    }
    try {
      return await body();
    } finally {
      fs.closeSync(fd);
      fs.rmSync(lock, { force: true });
    }
  }
}

async function newKey(): Promise<z.infer<typeof storedKeySchema>> {
  const pair = (await crypto.subtle.generateKey({ name: "Ed25519" }, true, [
    "sign",
    "verify",
  ])) as unknown as CryptoKeyPair;
  const { x, d } = await crypto.subtle.exportKey("jwk", pair.privateKey);
  const publicJwk: PublicJwk = { crv: "Ed25519", kty: "OKP", x: x as string };
  return { keyId: await thumbprintOf(publicJwk), createdAt: new Date().toISOString(), publicJwk, privateD: d };
}

function publicView(file: KeyFile): StudioPublicKey[] {
  return file.keys.map((key) => ({
    keyId: key.keyId,
    jwk: publicPart(key.publicJwk),
    createdAt: key.createdAt,
    current: key.privateD !== undefined && !key.retiredAt,
  }));
}

/**
 * This process's key store, in DATA_DIR. A new handle each time: the store keeps nothing in
 * memory (every call reads the file), so a rotation by another process is seen at once.
 */
export function processSigningKeys(): SigningKeyStore {
  return new SigningKeyStore(getEnv().DATA_DIR);
}
