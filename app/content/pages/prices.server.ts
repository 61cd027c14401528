import { z } from "zod";
import { longText, pageHead, text } from "./page-file.server.ts";

/** A key of `prices` in content/site.yaml. */
const priceName = z.enum(["limited_edition_prints", "original_paintings", "custom_commissions"]);

/** content/pages/prices.yaml. */
export const pricesPageSchema = z.strictObject({
  ...pageHead,
  heading: text,
  from: text,
  on_request: text,
  originals: z.strictObject({
    heading: text,
    cards: z
      .array(z.strictObject({ title: text, price: priceName, points: z.array(text).meta({ long: true }) }))
      .min(1),
  }),
  commissions: z.strictObject({ heading: text, title: text, price: priceName, text: longText, contact_link: text }),
});

export type PricesPage = z.output<typeof pricesPageSchema>;
