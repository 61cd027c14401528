import { z } from "zod";
import type { ContentLocation } from "#app/content-files/content-source.server.ts";
import { pageHead, pageImageName, paragraphs, readPageFile, text } from "./page-file.server.ts";

/** content/pages/contact.yaml. */
export const contactPageSchema = z.strictObject({
  ...pageHead,
  portrait: pageImageName,
  heading: text,
  intro: text,
  paragraphs,
  closing: text.regex(/\{email\}/, "must say where the email address goes with {email}"),
});

export type ContactPage = z.output<typeof contactPageSchema>;

export function loadContactPage(dir?: ContentLocation): ContactPage {
  return readPageFile("contact", contactPageSchema, dir);
}
