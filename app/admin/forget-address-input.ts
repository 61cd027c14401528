import { z } from "zod";

/**
 * An address to forget, as stored: anything with an @, up to the longest address mail allows
 * (stricter checks would leave an odd stored address impossible to forget).
 */
export const forgetAddressInput = z
  .string()
  .trim()
  .min(3)
  .max(320)
  .regex(/^[^\s@]+@[^\s@]+$/);

/** What a forget page says when the address cannot be read. */
export const FORGET_ADDRESS_PROBLEM = "Enter one whole email address, such as name@example.com.";
