import { commonPasswords } from "./common-passwords.ts";

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * Why a new password is not acceptable, or null when it is. Length counts characters (code
 * points), any character is allowed, and well-known passwords are refused whatever their case.
 */
export function passwordProblem(password: string): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (length > PASSWORD_MAX_LENGTH) return `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`;
  if (commonPasswords.has(password.toLowerCase())) return "This password is too common. Choose another.";
  return null;
}
