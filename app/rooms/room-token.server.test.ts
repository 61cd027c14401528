import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  generateRoomToken,
  hashRoomToken,
  isWellFormedRoomToken,
  sealRoomToken,
  unsealRoomToken,
} from "./room-token.server.ts";

const key = crypto.randomBytes(32);

describe("viewing-room link tokens", () => {
  it("carries 256 random bits, never the same twice", () => {
    const tokens = new Set(Array.from({ length: 1000 }, generateRoomToken));
    expect(tokens.size).toBe(1000);
    for (const token of tokens) {
      expect(isWellFormedRoomToken(token)).toBe(true);
      expect(Buffer.from(token, "base64url")).toHaveLength(32);
    }
  });

  it("refuses anything that is not a token's shape", () => {
    const token = generateRoomToken();
    for (const value of [
      "",
      token.slice(1),
      `${token}a`,
      `${token.slice(1)}/`,
      `${token.slice(1)}.`,
      "../../etc/passwd",
    ]) {
      expect(isWellFormedRoomToken(value)).toBe(false);
    }
  });

  it("is looked up by a hash that does not reveal it", () => {
    const token = generateRoomToken();
    expect(hashRoomToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashRoomToken(token)).toBe(hashRoomToken(token));
    expect(hashRoomToken(token)).not.toContain(token);
  });

  it("unseals only with the key it was sealed with, and not once altered", () => {
    const token = generateRoomToken();
    const sealed = sealRoomToken(token, key);
    expect(sealed).not.toContain(token);
    expect(unsealRoomToken(sealed, key)).toBe(token);
    expect(unsealRoomToken(sealed, crypto.randomBytes(32))).toBeNull();
    const parts = sealed.split(".");
    parts[2] = Buffer.from(
      Buffer.from(parts[2] ?? "", "base64url").map((byte, index) => (index === 0 ? byte ^ 1 : byte)),
    ).toString("base64url");
    expect(unsealRoomToken(parts.join("."), key)).toBeNull();
    expect(unsealRoomToken("nonsense", key)).toBeNull();
  });
});
