import { z } from "zod";
import { contentDir } from "#app/content-files/content-files.server.ts";
import { type ContentLocation, DirectorySource, readDocument } from "#app/content-files/content-source.server.ts";
import { linkAddress, siteLinkAddress } from "#app/security/link-address.ts";
import { text } from "./pages/page-file.server.ts";

const link = z.strictObject({ to: linkAddress, label: text });
const socialAccount = z.strictObject({ label: text, handle: text, url: linkAddress });
const navLabels = z.strictObject({ about: text, artworks: text, exhibitions: text, cv: text });
/** A starting price in whole US dollars, or empty for "priced on request". */
const priceError = 'must be a whole number of US dollars, or empty for "priced on request"';
const price = z.number({ error: priceError }).int(priceError).positive(priceError).nullable().default(null);

/** content/site.yaml as written (snake_case keys, like every content file). */
export const siteFileSchema = z.strictObject({
  brand: text,
  tagline: text,
  description: text.meta({ long: true }),
  logo: z.strictObject({
    src: siteLinkAddress,
    width: z.number().int().positive(),
    height: z.number().int().positive(),
  }),
  social: z.strictObject({ instagram: socialAccount, x: socialAccount }),
  contact: z.strictObject({ email: z.email(), assistant_director: z.strictObject({ name: text, role: text }) }),
  prices: z.strictObject({
    limited_edition_prints: price,
    original_paintings: price,
    custom_commissions: price,
  }),
  print_size: text,
  // What an enquiry's confirmation says happens next, and how long the inbox keeps closed and
  // spam enquiries (issue 21).
  enquiries: z.strictObject({
    reply_from: text,
    reply_within: text,
    retention_days: z.number().int().min(1).max(3650),
  }),
  footer_text: text,
  navigation: z.strictObject({
    header: navLabels,
    mobile_menu: navLabels,
    footer: z.array(
      z.strictObject({ heading: text, links: z.array(link).optional(), exhibitions: z.literal(true).optional() }),
    ),
  }),
});

/** The site settings as pages and server code use them (SiteSettings; the root loader hands pages theirs). */
export function toSiteConfig(file: z.output<typeof siteFileSchema>) {
  return {
    brand: file.brand,
    tagline: file.tagline,
    description: file.description,
    logo: file.logo,
    social: file.social,
    contact: { email: file.contact.email, assistantDirector: file.contact.assistant_director },
    // Keyed as in the file: the Prices page's cards name their price by these keys.
    prices: file.prices,
    printSize: file.print_size,
    enquiries: {
      replyFrom: file.enquiries.reply_from,
      replyWithin: file.enquiries.reply_within,
      retentionDays: file.enquiries.retention_days,
    },
    footerText: file.footer_text,
    navigation: {
      header: file.navigation.header,
      mobileMenu: file.navigation.mobile_menu,
      footer: file.navigation.footer.map((column) => ({
        heading: column.heading,
        links: column.links ?? [],
        exhibitions: column.exhibitions ?? false,
      })),
    },
  };
}

export type SiteSettings = ReturnType<typeof toSiteConfig>;

/** Reads and checks `site.yaml` in the content folder. */
export function loadSiteSettings(dir: ContentLocation): SiteSettings {
  return toSiteConfig(readDocument(dir, "site.yaml", siteFileSchema));
}

let cached: SiteSettings | undefined;
let published: (() => SiteSettings) | undefined;

/**
 * The site settings for server code outside the router (the sign-in's TOTP issuer, the reset
 * mail's brand, the studio's address for enquiry mail): the published content's once the
 * server's composition root called followPublishedSettings, so a brand the studio publishes is
 * used from then on; else (tsx scripts, tests) `site.yaml` in the content folder, read once.
 */
export function siteSettings(): SiteSettings {
  if (published) return published();
  // site.yaml is YAML: the folder needs no layout to be read.
  cached ??= loadSiteSettings(new DirectorySource(contentDir(), {}));
  return cached;
}

/** From now on siteSettings() answers what `read` gives: the content store's (server/services.ts). */
export function followPublishedSettings(read: (() => SiteSettings) | undefined): void {
  published = read;
}
