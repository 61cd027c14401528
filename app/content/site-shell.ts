import type { ExhibitionLink } from "#app/exhibitions/exhibition.ts";
import type { SiteSettings } from "./site-settings.server.ts";

/**
 * What the header, the footer and the document head show on every page: the root loader's data
 * (app/root.tsx), so the site settings reach the browser as page data, not in its JavaScript.
 */
export interface SiteShell {
  brand: string;
  tagline: string;
  description: string;
  /** `drawn`: the logo is drawn in the page, a small SVG of the site's own (logo-markup.server.ts). */
  logo: SiteSettings["logo"] & { drawn?: boolean };
  social: SiteSettings["social"];
  footerText: string;
  navigation: SiteSettings["navigation"];
  /** The header's dropdown and the footer's column, in the menu's order. */
  exhibitions: Pick<ExhibitionLink, "slug" | "path" | "navLabel">[];
}

export function siteShell(settings: SiteSettings, exhibitions: readonly ExhibitionLink[]): SiteShell {
  return {
    brand: settings.brand,
    tagline: settings.tagline,
    description: settings.description,
    logo: settings.logo,
    social: settings.social,
    footerText: settings.footerText,
    navigation: settings.navigation,
    exhibitions: exhibitions.map(({ slug, path, navLabel }) => ({ slug, path, navLabel })),
  };
}
