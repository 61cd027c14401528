// Types of the `virtual:content/<name>` modules (server/content-vite-plugin.ts): each is what its
// loader in app/content/content-collections.server.ts returns. Add a line per collection.

declare module "virtual:content/site" {
  const site: import("./site-settings.server").SiteSettings;
  export default site;
}

