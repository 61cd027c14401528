import type { MetaSite } from "./meta-site.ts";

/** "About" -> "About - Umbra"; pages SPEC.md titles differently pass `exact`. */
export function pageTitle(site: Pick<MetaSite, "brand"> | undefined, name?: string, options: { exact?: boolean } = {}) {
  const brand = site?.brand;
  if (!name) return brand ?? "";
  return options.exact || !brand ? name : `${name} - ${brand}`;
}
