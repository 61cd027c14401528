// base64url without padding (RFC 7515 §2), on atob/btoa so it runs in Node and in the browser
// alike (Buffer is Node's, and Uint8Array.fromBase64 is not in Node 24).

/** The bytes as base64url, no padding. */
export function toBase64url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** A string's UTF-8 bytes as base64url. */
export function textToBase64url(text: string): string {
  return toBase64url(new TextEncoder().encode(text));
}

/**
 * The bytes of an unpadded base64url string, or undefined when it is not one: other characters,
 * padding, a length no encoder produces, or spare bits that are not zero (so exactly one spelling
 * decodes to given bytes, and a changed last character is never silently the same signature).
 */
export function fromBase64url(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return undefined;
  const padded = text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4);
  let binary: string;
  try {
    binary = atob(padded);
  } catch {
    return undefined;
  }
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return toBase64url(bytes) === text ? bytes : undefined;
}
