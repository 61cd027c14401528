import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { contentFolder } from "#app/content/content-registry.server.ts";
import { loadSiteSettings } from "./site-settings.server.ts";

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-site-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const realFile = fs.readFileSync(path.resolve("content/site.yaml"), "utf8");

/** Writes a site.yaml changed by `edit` into its own folder and returns the folder. */
function siteFolder(edit: (data: Record<string, unknown>) => void): string {
  const dir = fs.mkdtempSync(path.join(scratch, "content-"));
  const data = parse(realFile) as Record<string, unknown>;
  edit(data);
  fs.writeFileSync(path.join(dir, "site.yaml"), stringify(data));
  return dir;
}

describe("content/site.yaml", () => {
  it("reads the site settings in the shape pages use", () => {
    const site = loadSiteSettings(contentFolder(path.resolve("content")));
    expect(site.brand).toBe("Umbra");
    expect(site.printSize).toBe("78 x 55in (200 x 140cm)");
    expect(site.contact.assistantDirector.name).toBe("Marguerite Okonkwo-Hale");
    expect(site.prices).toEqual({ limited_edition_prints: 1000, original_paintings: 5000, custom_commissions: null });
    expect(site.navigation.footer.map((column) => column.heading)).toEqual(["Explore", "Exhibitions", "Studio"]);
  });

  it("names the file and the field when the brand is missing", () => {
    const dir = siteFolder((data) => {
      delete data.brand;
    });
    expect(() => loadSiteSettings(contentFolder(dir))).toThrow(`${path.join(dir, "site.yaml")}: brand: is missing`);
  });

  it("refuses a field it does not know, so a misspelt key is not silently ignored", () => {
    const dir = siteFolder((data) => {
      data.tagline_text = "Visionary works";
    });
    expect(() => loadSiteSettings(contentFolder(dir))).toThrow(
      /site\.yaml: \(file\): Unrecognized key: "tagline_text"/,
    );
  });

  it("says what a price must be", () => {
    const dir = siteFolder((data) => {
      (data.prices as Record<string, unknown>).original_paintings = "5,000 dollars";
    });
    expect(() => loadSiteSettings(contentFolder(dir))).toThrow(
      'site.yaml: prices.original_paintings: must be a whole number of US dollars, or empty for "priced on request" (got "5,000 dollars")',
    );
  });

  it("refuses a script as a social link or the logo, naming the file and the field (issue 42)", () => {
    const social = siteFolder((data) => {
      ((data.social as Record<string, Record<string, unknown>>).x as Record<string, unknown>).url =
        "javascript:alert(3)";
    });
    expect(() => loadSiteSettings(contentFolder(social))).toThrow(
      'site.yaml: social.x.url: must be an https:// (or http://) link, a mailto: address, or an address on this site starting with "/" (got "javascript:alert(3)")',
    );
    const logo = siteFolder((data) => {
      (data.logo as Record<string, unknown>).src = "javascript:alert(3)";
    });
    expect(() => loadSiteSettings(contentFolder(logo))).toThrow(
      'site.yaml: logo.src: must be an address on this site starting with "/" (got "javascript:alert(3)")',
    );
  });

  it("refuses a footer link to another site without a scheme", () => {
    const dir = siteFolder((data) => {
      const footer = (data.navigation as { footer: { links?: { to: string }[] }[] }).footer;
      const first = footer[0]?.links?.[0];
      if (first) first.to = "//evil.example/about";
    });
    expect(() => loadSiteSettings(contentFolder(dir))).toThrow(
      /site\.yaml: navigation\.footer\.0\.links\.0\.to: must be/,
    );
  });
});
