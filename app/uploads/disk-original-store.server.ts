import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { sha256Of, sha256OfFile } from "./hash-file.server.ts";
import { type OriginalStore, shardedName } from "./original-store.ts";

// Owner only, like the rest of DATA_DIR (decision 031): originals are read by the server, not nginx.
const PRIVATE_DIR = 0o700;
const PRIVATE_FILE = 0o600;

/**
 * Originals in a folder (`DATA_DIR/originals/<2 hex>/<sha256>`). Each is written to a hidden
 * temporary file in the same folder, synced, then renamed: a reader sees the whole file or none,
 * and two processes storing the same bytes both end with the same one file.
 */
export class DiskOriginalStore implements OriginalStore {
  readonly kind = "disk" as const;
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  fileOf(sha256: string): string {
    return path.join(this.root, shardedName(sha256));
  }

  async putFile(file: string): Promise<string> {
    const sha256 = await sha256OfFile(file);
    if (await this.has(sha256)) return sha256;
    await this.write(sha256, (partial) => fs.copyFile(file, partial));
    return sha256;
  }

  async put(bytes: Uint8Array): Promise<string> {
    const sha256 = sha256Of(bytes);
    if (await this.has(sha256)) return sha256;
    await this.write(sha256, (partial) => fs.writeFile(partial, bytes));
    return sha256;
  }

  async get(sha256: string): Promise<Buffer | undefined> {
    return fs.readFile(this.fileOf(sha256)).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return undefined;
      throw error;
    });
  }

  async has(sha256: string): Promise<boolean> {
    const stat = await fs.stat(this.fileOf(sha256)).catch(() => undefined);
    return stat?.isFile() ?? false;
  }

  async localFile(sha256: string): Promise<string> {
    const file = this.fileOf(sha256);
    if (!(await this.has(sha256))) throw new Error(`The original ${sha256} is not in ${this.root}`);
    return file;
  }

  async delete(sha256: string): Promise<void> {
    // A reader that already opened the file keeps reading it: POSIX removes it after the last close.
    await fs.rm(this.fileOf(sha256), { force: true });
  }

  private async write(sha256: string, fill: (partial: string) => Promise<void>): Promise<void> {
    const file = this.fileOf(sha256);
    const dir = path.dirname(file);
    await fs.mkdir(dir, { recursive: true, mode: PRIVATE_DIR });
    await fs.chmod(this.root, PRIVATE_DIR);
    await fs.chmod(dir, PRIVATE_DIR);
    const partial = path.join(dir, `.${sha256}.${crypto.randomUUID()}.partial`);
    try {
      await fill(partial);
      await fs.chmod(partial, PRIVATE_FILE);
      const handle = await fs.open(partial, "r");
      await handle.sync().finally(() => handle.close());
      await fs.rename(partial, file);
    } catch (error) {
      await fs.rm(partial, { force: true });
      throw error;
    }
  }
}
