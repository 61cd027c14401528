import { siteConfig } from "~/content/site-config";

/** "About" -> "About - Umbra"; pages SPEC.md titles differently pass `exact`. */
export function pageTitle(name?: string, options: { exact?: boolean } = {}): string {
  if (!name) return siteConfig.brand;
  return options.exact ? name : `${name} - ${siteConfig.brand}`;
}
