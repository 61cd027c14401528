import { siteConfig } from "#app/content/site-config.ts";

/** "About" -> "About - Umbra"; pages SPEC.md titles differently pass `exact`. */
export function pageTitle(name?: string, options: { exact?: boolean } = {}): string {
  if (!name) return siteConfig.brand;
  return options.exact ? name : `${name} - ${siteConfig.brand}`;
}
