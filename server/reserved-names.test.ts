import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routePatterns, startTestSite, type TestSite } from "#tests/support/test-site.ts";

// Names every JavaScript object inherits (or sets its prototype with): a lookup by a name from
// the address must never reach them (issue 42: `/img/constructor-400/x.jpg` was a 500).
const RESERVED = ["constructor", "__proto__", "prototype", "toString", "hasOwnProperty"];

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
}, 240_000);
afterAll(() => site?.stop());

/**
 * Addresses for one route pattern: each of its segments in turn (static or dynamic) replaced by
 * the name, the others filled with a harmless value (a splat at two depths), and the name as
 * query keys.
 */
function reservedNameAddresses(pattern: string, name: string): string[] {
  const segments = pattern.split("/").filter(Boolean);
  const filled = segments.map((segment) => (segment.startsWith(":") ? "x" : segment === "*" ? "x/y" : segment));
  const addresses = new Set<string>();
  segments.forEach((segment, i) => {
    const replaced = [...filled];
    replaced[i] = name;
    addresses.add(`/${replaced.join("/")}`);
    if (segment === "*") {
      addresses.add(`/${[...filled.slice(0, i), name, name].join("/")}`);
      addresses.add(`/${[...filled.slice(0, i), "x", name].join("/")}`);
    }
  });
  addresses.add(`/${filled.join("/")}?${name}=1&${name}[x]=1&${name}.x=1`);
  return [...addresses];
}

/** The image routes (Express, before React Router) as their addresses are shaped. */
function imageAddresses(name: string): string[] {
  return [
    `/img/${name}-400/x.jpg`,
    `/img/${name}-400/${name}.webp`,
    `/img/artworks-400/${name}.jpg`,
    `/img/about-400/${name}.avif`,
    `/img/zoom/${name}.0123456789.dzi`,
    `/img/zoom/${name}.0123456789_files/0/0_0.jpeg`,
    `/img/x.jpg?${name}=1`,
  ];
}

/** The status of one request; the body is not read (event streams never end). */
async function statusOf(address: string, init: RequestInit = {}): Promise<number> {
  const response = await site.send(address, init);
  await response.body?.cancel();
  return response.status;
}

describe("reserved JavaScript names in addresses (issue 42)", () => {
  it("answers no 5xx to a reserved name in any path segment or query key of any route", async () => {
    const patterns = routePatterns(site.build.routes);
    expect(patterns).toContain("admin/content-images/*");
    const failures: string[] = [];
    for (const name of RESERVED) {
      const addresses = [
        ...patterns.flatMap((pattern) => reservedNameAddresses(pattern, name)),
        ...imageAddresses(name),
      ];
      for (const address of new Set(addresses)) {
        const get = await statusOf(address);
        if (get >= 500) failures.push(`GET ${address}: ${get}`);
        // A form whose field names and intent are the reserved name too.
        const form = new URLSearchParams({ [name]: "1", intent: name, [`${name}.x`]: "1" });
        const post = await statusOf(address, {
          method: "POST",
          body: form,
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
        });
        if (post >= 500) failures.push(`POST ${address}: ${post}`);
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it("answers 404 for an image or upload address naming a collection no registry has", async () => {
    expect(await statusOf("/img/constructor-400/x.jpg")).toBe(404);
    expect(await statusOf("/img/prototype-400/x.jpg")).toBe(404);
    expect(await statusOf("/admin/content-images/constructor/prototype", { method: "POST" })).toBe(404);
  });
});
