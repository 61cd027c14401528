import crypto from "node:crypto";

function base32Decode(input: string): Buffer {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const char of input.replace(/=+$/, "").toUpperCase()) {
    const value = alphabet.indexOf(char);
    if (value === -1) throw new Error(`Not base32: ${char}`);
    bits += value.toString(2).padStart(5, "0");
  }
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(Number.parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** RFC 6238 TOTP (SHA-1, 30 s, 6 digits), as authenticator apps compute it. */
export function totp(secretBase32: string, at = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const digest = crypto.createHmac("sha1", base32Decode(secretBase32)).update(counter).digest();
  const offset = (digest[digest.length - 1] as number) & 0xf;
  const value = (digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(value).padStart(6, "0");
}

const spent = new Map<string, Set<number>>();

/**
 * A code the server has not accepted yet: an accepted code works once (ASVS V6). The server
 * takes the previous, current and next step's codes, so this hands those out in turn (the
 * previous only while it has 5 s of validity left), then waits for a new step.
 */
export async function unusedCode(secretBase32: string): Promise<string> {
  const used = spent.get(secretBase32) ?? new Set<number>();
  spent.set(secretBase32, used);
  for (;;) {
    const now = Date.now();
    const step = Math.floor(now / 30_000);
    const previousStillGood = (step + 1) * 30_000 - now > 5_000;
    const candidates = previousStillGood ? [step - 1, step, step + 1] : [step, step + 1];
    const free = candidates.find((candidate) => !used.has(candidate));
    if (free !== undefined) {
      used.add(free);
      return totp(secretBase32, free * 30_000);
    }
    await new Promise((resolve) => setTimeout(resolve, (step + 1) * 30_000 - now + 50));
  }
}
