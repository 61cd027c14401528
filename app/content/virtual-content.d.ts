// Types of the `virtual:content/<name>` modules (server/content-vite-plugin.ts): each is what its
// loader in app/content/content-collections.server.ts returns. Add a line per collection.
declare module "virtual:content/works" {
  const works: import("~/catalogue/artwork-record").ArtworkRecord[];
  export default works;
}
declare module "virtual:content/articles" {
  const articles: import("~/content/long-form-files.server").LongFormPiece[];
  export default articles;
}
declare module "virtual:content/interviews" {
  const interviews: import("~/content/long-form-files.server").LongFormPiece[];
  export default interviews;
}
declare module "virtual:content/images" {
  const images: Record<string, import("~/content/page-image-files.server").PageImage[]>;
  export default images;
}

declare module "virtual:content/site" {
  const site: import("./site-settings.server").SiteSettings;
  export default site;
}

declare module "virtual:content/pages/home" {
  const page: import("./pages/home.server").HomePage;
  export default page;
}
declare module "virtual:content/pages/about" {
  const page: import("./pages/about.server").AboutPage;
  export default page;
}
declare module "virtual:content/pages/cv" {
  const page: import("./pages/cv.server").CvPage;
  export default page;
}
declare module "virtual:content/pages/prices" {
  const page: import("./pages/prices.server").PricesPage;
  export default page;
}
declare module "virtual:content/pages/contact" {
  const page: import("./pages/contact.server").ContactPage;
  export default page;
}
declare module "virtual:content/pages/merch" {
  const page: import("./pages/short-pages.server").MerchPage;
  export default page;
}
declare module "virtual:content/pages/not-found" {
  const page: import("./pages/short-pages.server").NotFoundPage;
  export default page;
}
declare module "virtual:content/pages/quotes" {
  const page: import("./pages/short-pages.server").QuotesPage;
  export default page;
}
declare module "virtual:content/pages/exhibitions" {
  const page: import("./pages/short-pages.server").ExhibitionsPage;
  export default page;
}
declare module "virtual:content/exhibitions" {
  const exhibitions: import("~/exhibitions/exhibition").ExhibitionLink[];
  export default exhibitions;
}
declare module "virtual:content/exhibition-pages" {
  const exhibitionPages: import("~/exhibitions/exhibition").Exhibition[];
  export default exhibitionPages;
}
declare module "virtual:content/pages/articles" {
  const page: import("./pages/short-pages.server").LongFormIndexPage;
  export default page;
}
declare module "virtual:content/pages/interviews" {
  const page: import("./pages/short-pages.server").LongFormIndexPage;
  export default page;
}
