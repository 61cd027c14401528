import { z } from "zod";
import { topicKinds } from "#app/db/subscription-schema.ts";
import { subscribeLimits } from "./subscription-words.ts";

/** A topic's key: lower-case words joined by hyphens, as the seeded `new-work`. */
export const topicKeySchema = z
  .string()
  .trim()
  .min(1)
  .max(120)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "A topic key is lower-case letters, digits and hyphens.");

/** A sign-up: the address, its topics, and the site path it was made on. */
export const subscribeInputSchema = z.object({
  address: z
    .string()
    .trim()
    .min(1, "Enter your email address.")
    .max(subscribeLimits.address, `An email address is at most ${subscribeLimits.address} characters.`)
    .pipe(z.email("Enter an email address like name@example.com.")),
  topicKeys: z
    .array(topicKeySchema)
    .min(1, "Choose at least one topic.")
    .max(subscribeLimits.topics, "Choose fewer topics."),
  sourcePath: z
    .string()
    .max(300)
    .regex(/^\/[A-Za-z0-9/_.-]*$/, "The page this was sent from is not an address on this site.")
    .refine((path) => !path.startsWith("//"), "The page this was sent from is not an address on this site."),
});
export type SubscribeInput = z.input<typeof subscribeInputSchema>;

/** A series' or a work's topic, opened by the studio. */
export const openTopicInputSchema = z.object({
  kind: z.enum(topicKinds).exclude(["standing"]),
  // A series' name ("Icaro") or a work's slug.
  target: z.string().trim().min(1).max(200),
  label: z.string().trim().min(1).max(200),
});
export type OpenTopicInput = z.input<typeof openTopicInputSchema>;

/** A manage page's choice: the topics to keep or add (none: leave). */
export const topicChoiceSchema = z.array(topicKeySchema).max(subscribeLimits.topics * 5);

/** The first problem of a failed parse, as a sentence. */
export function firstProblem(error: z.ZodError): string {
  return error.issues[0]?.message ?? "The request could not be read.";
}
