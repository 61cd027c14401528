import { z } from "zod";
import { badInput } from "#app/admin/enquiries/inbox-input.server.ts";

/**
 * An address to forget, as stored: anything with an @, up to the longest address mail allows
 * (stricter checks would leave an odd stored address impossible to forget).
 */
const forgetAddressInput = z
  .string()
  .trim()
  .min(3)
  .max(320)
  .regex(/^[^\s@]+@[^\s@]+$/);

/** What a forget page says when the address cannot be read. */
const FORGET_ADDRESS_PROBLEM = "Enter one whole email address, such as name@example.com.";

/** The address to forget (trimmed, as written), from a forget page's form or address; else a 400. */
export function addressToForget(raw: unknown): string {
  const address = forgetAddressInput.safeParse(typeof raw === "string" ? raw : "");
  if (!address.success) badInput(FORGET_ADDRESS_PROBLEM);
  return address.data;
}

/** The address a forget page shows what would be deleted for (`?email=`): null until one is asked. */
export function addressToPreview(url: URL): string | null {
  const raw = url.searchParams.get("email");
  return raw === null || raw.trim() === "" ? null : addressToForget(raw);
}
