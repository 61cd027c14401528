import { z } from "zod";
import { isSafeHref } from "./safe-href.ts";

export const LINK_ADDRESS_RULE =
  'must be an https:// (or http://) link, a mailto: address, or an address on this site starting with "/"';

/**
 * Whether a content field may hold `value` as an address (an href or a src): an http(s) link to
 * a named host, a mailto: address, or a path on this site. Within isSafeHref (decision 029),
 * so never javascript:, data: or `//host`; narrower, because a field is a whole address, not a
 * relative one inside Markdown.
 */
export function isLinkAddress(value: string): boolean {
  if (!isSafeHref(value) || /\s/.test(value)) return false;
  if (/^https?:/i.test(value)) return /^https?:\/\/[^/?#\\]/i.test(value) && URL.canParse(value);
  if (/^mailto:/i.test(value)) return /^mailto:[^@]+@[^@]+$/i.test(value);
  return /^\/(?![/\\])[^\\]*$/.test(value);
}

/**
 * The rule with a field's own narrowing and sentence: the value must pass isLinkAddress and
 * `narrow`, and a refusal is one issue saying what this field takes.
 */
export function narrowedLinkAddress(narrow: (address: string) => boolean, message: string) {
  return z
    .string({ error: "must be an address (text)" })
    .trim()
    .refine((value) => isLinkAddress(value) && narrow(value), message);
}

/**
 * The one rule for every content field that becomes an href or src (issue 42): site settings,
 * pages, works, exhibitions. A field that needs less (only this site, only https, a file) narrows
 * it with narrowedLinkAddress; none widens it. The editor and content:import name the field.
 */
export const linkAddress = narrowedLinkAddress(() => true, LINK_ADDRESS_RULE);

/** An address on this site (`/about`, `/logo.svg`), under the same rule. */
export const siteLinkAddress = narrowedLinkAddress(
  (value) => value.startsWith("/"),
  'must be an address on this site starting with "/"',
);

/** An https:// link to another site, under the same rule. */
export const httpsLinkAddress = narrowedLinkAddress((value) => /^https:\/\//i.test(value), "must be an https:// link");
