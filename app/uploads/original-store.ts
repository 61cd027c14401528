/**
 * Where uploaded originals are kept, by content (decision 041): an original's name is the
 * SHA-256 of its bytes, so the same bytes are stored once, a stored file never changes, and no
 * name a visitor sent is ever used. Two kinds: a folder under DATA_DIR (one machine) or an
 * S3-compatible bucket (several machines).
 */
export interface OriginalStore {
  /** "disk" or "s3", for logs and the README's words. */
  readonly kind: "disk" | "s3";
  /** Stores the file's bytes (read from `file`, never kept whole in memory) and returns their SHA-256. */
  putFile(file: string): Promise<string>;
  /** Stores `bytes` and returns their SHA-256. */
  put(bytes: Uint8Array): Promise<string>;
  /** The bytes stored under `sha256`, or undefined when there are none. */
  get(sha256: string): Promise<Buffer | undefined>;
  has(sha256: string): Promise<boolean>;
  /**
   * A file on this machine holding the original, for sharp to read: the stored file itself on
   * disk, a checked copy in a local cache for S3. Throws when the store has no such original.
   */
  localFile(sha256: string): Promise<string>;
  /**
   * Removes the bytes stored under `sha256` (nothing happens when there are none). Only the
   * upkeep of unnamed exhibition files calls it, after checking that no row names the hash
   * (decision 051); a stored original is otherwise never changed or removed.
   */
  delete(sha256: string): Promise<void>;
}

/** A SHA-256 in hex, the only name an original is stored under. */
export const SHA256 = /^[0-9a-f]{64}$/;

/** Refuses anything that is not a SHA-256 before it becomes part of a path or a key. */
export function checkedHash(sha256: string): string {
  if (!SHA256.test(sha256)) throw new Error(`"${sha256.slice(0, 80)}" is not a SHA-256 in hex`);
  return sha256;
}

/** `<first two hex>/<sha256>`: 256 folders, so no folder holds every original. */
export function shardedName(sha256: string): string {
  return `${checkedHash(sha256).slice(0, 2)}/${sha256}`;
}
