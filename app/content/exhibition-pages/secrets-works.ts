import { secretsWorkTitles } from "./solo-london";

export interface SecretsWork {
  title: string;
  slug: string;
}

/** TEMPORARY until the catalogue data is merged: slugs are the lowercase hyphenated titles. */
const slugOf = (title: string) =>
  title
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** The twelve Secrets works with the slugs of their artwork pages. */
export function secretsWorks(): SecretsWork[] {
  return secretsWorkTitles.map((title) => ({ title, slug: slugOf(title) }));
}
