import crypto from "node:crypto";
import fs from "node:fs";
import { pipeline } from "node:stream/promises";

/** The SHA-256 (hex) of a file's bytes, read as a stream. */
export async function sha256OfFile(file: string): Promise<string> {
  const hash = crypto.createHash("sha256");
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest("hex");
}

export function sha256Of(bytes: Uint8Array): string {
  return crypto.createHash("sha256").update(bytes).digest("hex");
}
