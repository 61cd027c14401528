// Types of the `virtual:content/<name>` modules (server/content-vite-plugin.ts): each is what its
// loader in app/content/content-collections.server.ts returns. Add a line per collection.
declare module "virtual:content/works" {
  const works: import("#app/catalogue/artwork-record.ts").ArtworkRecord[];
  export default works;
}
declare module "virtual:content/articles" {
  const articles: import("#app/content/long-form-files.server.ts").LongFormPiece[];
  export default articles;
}
declare module "virtual:content/interviews" {
  const interviews: import("#app/content/long-form-files.server.ts").LongFormPiece[];
  export default interviews;
}
declare module "virtual:content/images" {
  const images: Record<string, import("#app/images/page-image-files.server.ts").PageImage[]>;
  export default images;
}

declare module "virtual:content/site" {
  const site: import("./site-settings.server.ts").SiteSettings;
  export default site;
}

declare module "virtual:content/pages/home" {
  const page: import("./pages/home.server.ts").HomePage;
  export default page;
}
declare module "virtual:content/pages/about" {
  const page: import("./pages/about.server.ts").AboutPage;
  export default page;
}
declare module "virtual:content/pages/cv" {
  const page: import("./pages/cv.server.ts").CvPage;
  export default page;
}
declare module "virtual:content/pages/prices" {
  const page: import("./pages/prices.server.ts").PricesPage;
  export default page;
}
declare module "virtual:content/pages/contact" {
  const page: import("./pages/contact.server.ts").ContactPage;
  export default page;
}
declare module "virtual:content/pages/merch" {
  const page: import("./pages/short-pages.server.ts").MerchPage;
  export default page;
}
declare module "virtual:content/pages/not-found" {
  const page: import("./pages/short-pages.server.ts").NotFoundPage;
  export default page;
}
declare module "virtual:content/pages/quotes" {
  const page: import("./pages/short-pages.server.ts").QuotesPage;
  export default page;
}
declare module "virtual:content/pages/exhibitions" {
  const page: import("./pages/short-pages.server.ts").ExhibitionsPage;
  export default page;
}
declare module "virtual:content/exhibitions" {
  const exhibitions: import("#app/exhibitions/exhibition.ts").ExhibitionLink[];
  export default exhibitions;
}
declare module "virtual:content/exhibition-pages" {
  const exhibitionPages: import("#app/exhibitions/exhibition.ts").Exhibition[];
  export default exhibitionPages;
}
declare module "virtual:content/pages/articles" {
  const page: import("./pages/short-pages.server.ts").LongFormIndexPage;
  export default page;
}
declare module "virtual:content/pages/interviews" {
  const page: import("./pages/short-pages.server.ts").LongFormIndexPage;
  export default page;
}
declare module "virtual:content/pages/art" {
  const page: import("./pages/short-pages.server").ArtPage;
  export default page;
}
declare module "virtual:content/documents" {
  /** Every content document as written, by path (`works/moss-oracle.md`): app/content-files/content-source.server.ts. */
  const documents: Record<string, unknown>;
  export default documents;
}
