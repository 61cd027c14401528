import site from "virtual:content/site";

/**
 * The values every page shows about the artist and the studio, from content/site.yaml (checked
 * at build by app/content/site-settings.server.ts), so rebranding is editing that one file.
 * Server code that also runs outside Vite (scripts, auth) uses siteSettings() instead.
 */
export const siteConfig = site;

export type SiteConfig = typeof siteConfig;
