import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { contentFolder } from "#app/content/content-registry.server.ts";
import { followPublishedSettings, loadSiteSettings } from "#app/content/site-settings.server.ts";
import { studioEmail } from "#app/enquiries/enquiry-mail.server.ts";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database.server.ts";
import { getAuth } from "./auth.server.ts";
import { resetMailSubject } from "./reset-password-mail.server.ts";

describe("server code outside the router follows the published site settings", () => {
  let test: TestDatabase;
  const files = loadSiteSettings(contentFolder());
  let published = files;
  beforeAll(async () => {
    test = await createTestDatabase("pglite");
  });
  afterAll(() => test.destroy());
  afterEach(() => followPublishedSettings(undefined));

  it("names the published brand in the reset mail and mails enquiries to the published address", () => {
    expect(resetMailSubject()).toBe(`Reset your ${files.brand} admin password`);
    followPublishedSettings(() => published);
    published = { ...files, brand: "Penumbra", contact: { ...files.contact, email: "studio@penumbra.test" } };
    expect(resetMailSubject()).toBe("Reset your Penumbra admin password");
    if (!process.env.STUDIO_EMAIL) expect(studioEmail()).toBe("studio@penumbra.test");
  });

  it("makes the sign-in again when the brand changed, so authenticator apps show the new name", () => {
    followPublishedSettings(() => published);
    published = files;
    const first = getAuth(test.database);
    expect(getAuth(test.database)).toBe(first);
    published = { ...files, brand: "Penumbra" };
    const renamed = getAuth(test.database);
    expect(renamed).not.toBe(first);
    expect(renamed.options.appName).toBe("Penumbra");
  });
});
