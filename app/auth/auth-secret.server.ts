import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * The key that signs auth cookies and encrypts TOTP secrets. AUTH_SECRET when set (required
 * when several processes share one PostgreSQL, which the env check enforces); otherwise one
 * generated on first start and kept under DATA_DIR, so a single laptop process needs no setup.
 */
export function authSecret({ configured, dataDir }: { configured?: string; dataDir: string }): string {
  if (configured) return configured;
  const file = path.resolve(dataDir, "auth-secret");
  try {
    const existing = fs.readFileSync(file, "utf8").trim();
    if (existing.length >= 32) {
      // An older version, a restore or a copy may have left it readable by others.
      if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
      return existing;
    }
  } catch {
    // Not created yet.
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const secret = crypto.randomBytes(32).toString("base64url");
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
