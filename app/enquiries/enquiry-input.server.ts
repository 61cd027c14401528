import { z } from "zod";
import type { EnquiryInterest, EnquirySubject } from "#app/db/enquiry-schema.ts";
import { plainHeaderText } from "#app/email/header-text.ts";
import { enquiryLimits, interestValues, subjectValues } from "./enquiry-fields.ts";

// Server only: zod stays out of the visitor's bundle (its eval probe is a CSP violation there,
// and 25 KB the form does not need; the browser's own checks and the server's answer suffice).

const oneLine = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} can be at most ${max} characters.`)
    .refine((value) => !/[\r\n]/.test(value), `${label} must be on one line.`);

const optionalLine = (label: string, max: number) =>
  oneLine(label, max).transform((value) => (value === "" ? undefined : value));

/** The visitor's fields, as sent (FormData turned into an object by enquiryInputFrom). */
export const enquiryInputSchema = z.object({
  subject: z.enum(subjectValues as [EnquirySubject, ...EnquirySubject[]], {
    message: "Choose what your enquiry is about.",
  }),
  ref: z
    .string()
    .trim()
    .max(enquiryLimits.ref)
    .regex(/^[a-z0-9-]*$/, "The enquiry names an unknown work. Open the form again from its page.")
    .optional(),
  interests: z.array(
    z.enum(interestValues as [EnquiryInterest, ...EnquiryInterest[]], { message: "Choose from the listed topics." }),
  ),
  // Reduced to one printable line: the name stands in the studio's mail subject.
  name: oneLine("Your name", enquiryLimits.name).transform(plainHeaderText).pipe(z.string().min(1, "Enter your name.")),
  email: z
    .string()
    .trim()
    .min(1, "Enter your email address, so the studio can reply.")
    .max(enquiryLimits.email, `An email address can be at most ${enquiryLimits.email} characters.`)
    .pipe(z.email("Enter an email address like name@example.com.")),
  message: z
    .string()
    .trim()
    .min(1, "Write a message: what would you like to ask?")
    .max(enquiryLimits.message, `The message can be at most ${enquiryLimits.message} characters; shorten it a little.`),
  location: optionalLine("Where you are", enquiryLimits.location),
  phone: optionalLine("The phone number", enquiryLimits.phone).refine(
    (value) => value === undefined || /^[+0-9 ().-]{5,40}$/.test(value),
    "Enter a phone number with digits, spaces and + ( ) - only, or leave it empty.",
  ),
  source: z
    .string()
    .max(enquiryLimits.sourcePath)
    .regex(/^\/(?![/\\])[^\s\\]*$/, "The page the form was sent from is not a site path.")
    .catch("/enquire"),
});

export type EnquiryInput = z.infer<typeof enquiryInputSchema>;
