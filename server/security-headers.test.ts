import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LONG_FORM_KINDS } from "#app/routes/long-form/kinds.ts";
import { isolatesWindow, setFixedSecurityHeaders } from "./security-headers.ts";

/** The headers setFixedSecurityHeaders sets, collected by name (lower case). */
function headersFor(production: boolean, isolateWindow?: boolean): Map<string, string> {
  const headers = new Map<string, string>();
  const res = { setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), value) };
  setFixedSecurityHeaders(res as never, { production, isolateWindow });
  return headers;
}

afterEach(() => vi.unstubAllEnvs());

describe("setFixedSecurityHeaders", () => {
  it("isolates the site's windows and files and denies powerful features", () => {
    const headers = headersFor(true);
    expect(headers.get("cross-origin-opener-policy")).toBe("same-origin");
    expect(headers.get("cross-origin-resource-policy")).toBe("same-origin");
    for (const feature of ["camera", "microphone", "geolocation", "payment", "usb", "interest-cohort"]) {
      expect(headers.get("permissions-policy")).toContain(`${feature}=()`);
    }
    expect(headers.get("x-content-type-options")).toBe("nosniff");
    expect(headers.get("x-frame-options")).toBe("DENY");
  });

  it("sends HSTS only when PUBLIC_URL declares https, in production", () => {
    vi.stubEnv("PUBLIC_URL", "https://umbra.example");
    expect(headersFor(true).get("strict-transport-security")).toBe("max-age=63072000; includeSubDomains");
    expect(headersFor(false).has("strict-transport-security")).toBe(false);
    vi.stubEnv("PUBLIC_URL", "http://127.0.0.1:4173");
    expect(headersFor(true).has("strict-transport-security")).toBe(false);
    vi.stubEnv("PUBLIC_URL", "");
    expect(headersFor(true).has("strict-transport-security")).toBe(false);
  });
});

/** A URL each route file answers (flat routes: dots are slashes, `$name` a parameter, `$` a splat). */
function sampleAddress(file: string): string {
  const name = file.replace(/\.tsx?$/, "");
  const segments = name
    .split(/\.(?![^[]*\])/)
    .filter((segment) => segment !== "_index")
    .map((segment) =>
      segment
        .replace(/^\$$/, "any/thing")
        .replace(/^\$.*/, "some-slug")
        .replace(/_$/, "")
        .replace(/\[(.*)\]/, "$1"),
    );
  return `/${segments.join("/")}`;
}

// Every page that holds nothing private. A new route file is in neither list until someone says
// which it is: the test below fails for it.
const PUBLIC_ROUTES = [
  "_index.tsx",
  "about.tsx",
  "art._index.tsx",
  "art.$slug.tsx",
  "art.$slug_.zoom.tsx",
  "contact.tsx",
  "cv.tsx",
  "enquire.tsx",
  "exhibitions._index.tsx",
  "exhibitions.$slug.tsx",
  "merch.tsx",
  "prices.tsx",
  "quotes.tsx",
];
// Not pages (no window to isolate), or pages no visitor lands on: either answer is safe.
const NOT_PAGES = ["$.tsx", "feed[.]xml.ts", "robots[.]txt.ts", "sitemap[.]xml.ts", "files.u.$hash.$name.ts"];

describe("isolatesWindow", () => {
  it("isolates every page of the app but the public ones", () => {
    const routes = fs
      .readdirSync(path.join(import.meta.dirname, "../app/routes"))
      .filter((file) => /\.tsx?$/.test(file) && !/\.(test|server)\.tsx?$/.test(file));
    expect(routes.length).toBeGreaterThan(40);
    for (const file of routes) {
      if (NOT_PAGES.includes(file)) continue;
      const address = sampleAddress(file);
      expect(isolatesWindow(address), `${file} (${address})`).toBe(!PUBLIC_ROUTES.includes(file));
    }
    for (const kind of LONG_FORM_KINDS) {
      for (const address of [`/${kind}`, `/${kind}/a-piece`]) expect(isolatesWindow(address), address).toBe(false);
    }
  });

  it("isolates any other spelling of an address, public or not", () => {
    for (const address of ["/ADMIN", "/%61dmin", "//admin", "/admin/", "/About", "/about/", "/art/x/y", "/rooms/abc"]) {
      expect(isolatesWindow(address), address).toBe(true);
    }
  });

  it("leaves the header out only when asked", () => {
    expect(headersFor(true, false).has("cross-origin-opener-policy")).toBe(false);
    expect(headersFor(true, true).get("cross-origin-opener-policy")).toBe("same-origin");
  });
});
