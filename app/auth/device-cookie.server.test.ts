import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { deviceCookie, readDevice } from "./device-cookie.server.ts";

const key = crypto.randomBytes(32);
const withCookie = (cookie: string) => new Request("http://localhost/admin/quotes", { headers: { cookie } });
const cookiePair = (setCookie: string) => setCookie.split(";")[0] as string;

describe("device cookie", () => {
  it("names the account and device it was issued for, scoped to /admin for half a year", () => {
    const setCookie = deviceCookie("user_1", null, key);
    expect(setCookie).toMatch(/; Path=\/admin; Max-Age=15552000; HttpOnly; SameSite=Strict/);
    const device = readDevice(withCookie(cookiePair(setCookie)), key);
    expect(device?.userId).toBe("user_1");
    expect(device?.deviceId).toMatch(/^[\w-]{22}$/);
  });

  it("keeps the device id when the same account signs in again, and not for another account", () => {
    const first = readDevice(withCookie(cookiePair(deviceCookie("user_1", null, key))), key);
    const again = readDevice(withCookie(cookiePair(deviceCookie("user_1", first, key))), key);
    expect(again?.deviceId).toBe(first?.deviceId);
    const other = readDevice(withCookie(cookiePair(deviceCookie("user_2", first, key))), key);
    expect(other?.deviceId).not.toBe(first?.deviceId);
  });

  it("refuses a forged, altered or foreign-key cookie", () => {
    const value = cookiePair(deviceCookie("user_1", null, key));
    const [name, content = ""] = value.split("=");
    const [, deviceId, signature] = content.split(".");
    expect(readDevice(withCookie(`${name}=admin.${deviceId}.${signature}`), key)).toBeNull();
    expect(readDevice(withCookie(`${name}=user_1.${"A".repeat(22)}.${signature}`), key)).toBeNull();
    expect(readDevice(withCookie(`${name}=user_1.${deviceId}.forged`), key)).toBeNull();
    expect(readDevice(withCookie(value), crypto.randomBytes(32))).toBeNull();
    expect(readDevice(withCookie("umbra.device=%E0%A4%A"), key)).toBeNull();
    expect(readDevice(withCookie(""), key)).toBeNull();
  });
});
