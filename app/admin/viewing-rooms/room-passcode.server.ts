import { hash } from "@node-rs/argon2";

/** The same argon2 settings as the admin passwords (app/auth/auth.server.ts). */
export function hashPasscode(passcode: string): Promise<string> {
  return hash(passcode, { memoryCost: 19_456, timeCost: 2, parallelism: 1 });
}
