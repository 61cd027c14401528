// Types of the `virtual:content/<name>` modules (server/content-vite-plugin.ts): each is what its
// loader in app/content/content-collections.server.ts returns. Add a line per collection.

declare module "virtual:content/exhibitions" {
  const exhibitions: import("~/exhibitions/exhibition").ExhibitionLink[];
  export default exhibitions;
}

declare module "virtual:content/exhibition-pages" {
  const exhibitionPages: import("~/exhibitions/exhibition").Exhibition[];
  export default exhibitionPages;
}
