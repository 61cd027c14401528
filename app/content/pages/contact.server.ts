import { z } from "zod";
import { longText, pageHead, pageImageName, paragraphs, text } from "./page-file.server.ts";

/** content/pages/contact.yaml. */
export const contactPageSchema = z.strictObject({
  ...pageHead,
  portrait: pageImageName,
  heading: text,
  intro: longText,
  paragraphs,
  closing: text
    .regex(/\{email\}/, "must say where the email address goes with {email}")
    .meta({ long: true, help: "{email} is where the studio's address goes." }),
});

export type ContactPage = z.output<typeof contactPageSchema>;
