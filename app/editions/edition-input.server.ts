import { z } from "zod";
import { EDITION_LIMITS } from "#app/db/edition-schema.ts";
import { LedgerRefusal } from "./edition-refusal.ts";

/**
 * What the ledger accepts, checked before anything is read or written: every field has a
 * sentence for when it is wrong. The ledger's callers (the studio's screens, the inbox) pass
 * what a person typed; nothing here trusts it.
 */

const { size: MAX_SIZE, artistProofs: MAX_PROOFS } = EDITION_LIMITS;
// Prices up to a quadrillion minor units: far past any artwork, well inside a safe integer.
const MAX_PRICE_MINOR = 1_000_000_000_000_000;
// A hold is a reservation, not a second sale: a year at most.
export const MAX_HOLD_DAYS = 366;

const ISO_CURRENCIES = new Set(Intl.supportedValuesOf("currency"));

const workSlug = z
  .string({ error: "Name the work." })
  .min(1, "Name the work.")
  .max(200, "That is not a work in the catalogue.")
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "That is not a work in the catalogue.");

// Number.isInteger rather than zod's int(): 1e20 is whole, and is refused as too large, not as a fraction.
const wholeNumber = (what: string) =>
  z.number({ error: `${what} must be a whole number.` }).refine(Number.isInteger, `${what} must be a whole number.`);

/** Which print: its number, and whether it is an artist's proof (AP 1) rather than 1/8. */
const unitNumber = wholeNumber("The print's number")
  .min(1, "Print numbers start at 1.")
  .max(MAX_SIZE, `No edition here has more than ${MAX_SIZE} prints.`);

const personName = (what: string) =>
  z
    .string({ error: `Give the ${what}'s name.` })
    .trim()
    .min(1, `Give the ${what}'s name.`)
    .max(200, `A name can be at most 200 characters.`);

const email = z
  .string({ error: "Enter an email address like name@example.com." })
  .trim()
  .max(254, "An email address can be at most 254 characters.")
  .pipe(z.email("Enter an email address like name@example.com."));

const note = z.string({ error: "A note is text." }).max(2000, "A note can be at most 2,000 characters.").default("");

/** A calendar day, `2026-12-01`, that exists. */
const day = (what: string) =>
  z
    .string({ error: `Give the ${what} as a date like 2026-12-01.` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `Give the ${what} as a date like 2026-12-01.`)
    .refine((value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
    }, `The ${what} is not a real date.`);

/** An instant, as a Date or an ISO 8601 string with its offset. */
const instant = (what: string) =>
  z
    .union([z.date(), z.iso.datetime({ offset: true, error: `Give the ${what} as a date and time.` })], {
      error: `Give the ${what} as a date and time.`,
    })
    .transform((value) => new Date(value))
    .refine((value) => !Number.isNaN(value.getTime()), `The ${what} is not a real date and time.`);

const currency = z
  .string({ error: "Give the currency as its three-letter code, like AUD or EUR." })
  .trim()
  .transform((value) => value.toUpperCase())
  .refine((value) => ISO_CURRENCIES.has(value), "Give the currency as its three-letter code, like AUD or EUR.");

const priceMinor = wholeNumber("The price (in cents, or the currency's smallest unit)")
  .min(0, "A price cannot be negative.")
  .max(MAX_PRICE_MINOR, "That price is too large to be real.");

export const editionInput = z.discriminatedUnion(
  "kind",
  [
    z.strictObject({ workSlug, kind: z.literal("unique") }),
    z.strictObject({
      workSlug,
      kind: z.literal("edition"),
      size: wholeNumber("The edition size")
        .min(2, "An edition has at least 2 prints; a single print is unique.")
        .max(MAX_SIZE, `An edition can have at most ${MAX_SIZE} prints.`),
      artistProofs: wholeNumber("The number of artist's proofs")
        .min(0, "The number of artist's proofs cannot be negative.")
        .max(MAX_PROOFS, `An edition can have at most ${MAX_PROOFS} artist's proofs.`)
        .default(0),
    }),
  ],
  { error: "Choose unique or an edition of a number of prints." },
);

const yesOrNo = (question: string) => z.boolean({ error: `${question} (yes or no).` });

const unitFields = {
  workSlug,
  number: unitNumber,
  artistProof: yesOrNo("Say whether it is an artist's proof").default(false),
};
export const unitInput = z.strictObject(unitFields);

export const holdInput = z.strictObject({
  ...unitFields,
  until: instant("hold's end"),
  holderName: personName("collector"),
  holderEmail: email,
  enquiryId: wholeNumber("The enquiry number")
    .min(1, "That is not an enquiry number.")
    .max(2_147_483_647, "That is not an enquiry number.")
    .optional(),
  note,
});

export const saleInput = z.strictObject({
  ...unitFields,
  collectorName: personName("collector"),
  collectorEmail: email,
  soldOn: day("sale date"),
  priceMinor,
  currency,
  note,
  invoiceReference: z.string().trim().max(100, "An invoice reference can be at most 100 characters.").default(""),
  collectorPrivate: yesOrNo("Say whether the collector keeps their name private").default(false),
  // Named in the work's public provenance only when they agreed.
  ownerPublic: yesOrNo("Say whether the collector may be named in the public provenance").default(false),
});

export const notForSaleInput = z.strictObject({
  ...unitFields,
  notForSale: yesOrNo("Say whether the print is for sale"),
});

export const resaleInput = z
  .strictObject({
    ...unitFields,
    ownerName: personName("new owner"),
    ownerEmail: z.union([z.literal(""), email]).default(""),
    acquiredOn: day("resale date"),
    priceMinor: priceMinor.optional(),
    currency: currency.optional(),
    note,
    private: yesOrNo("Say whether the new owner keeps their name private on the certificate").default(false),
    ownerPublic: yesOrNo("Say whether the new owner may be named in the public provenance").default(false),
  })
  .refine(
    (input) => (input.priceMinor === undefined) === (input.currency === undefined),
    "Give the resale price with its currency, or neither.",
  );

export const seriesInput = z
  .string({ error: "Name the series." })
  .trim()
  .min(1, "Name the series.")
  .max(100, "That is not a series in the catalogue.");

export type EditionInput = z.infer<typeof editionInput>;
export type UnitInput = z.infer<typeof unitInput>;
export type HoldInput = z.infer<typeof holdInput>;
export type SaleInput = z.infer<typeof saleInput>;
export type NotForSaleInput = z.infer<typeof notForSaleInput>;
export type ResaleInput = z.infer<typeof resaleInput>;

/** The checked value, or a 400 refusal with the first problem's sentence. */
export function checked<Schema extends z.ZodType>(schema: Schema, input: unknown): z.infer<Schema> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  // Fields no form has (a forged request) get zod's own words; the sentence names the field.
  const message =
    issue?.code === "unrecognized_keys"
      ? `The form has fields the ledger does not know (${issue.keys
          .slice(0, 3)
          .map((key) => key.slice(0, 40))
          .join(", ")}). Reload the page.`
      : (issue?.message ?? "The form could not be read. Reload the page.");
  throw new LedgerRefusal(message, 400);
}
