import { loadAboutPage } from "./about.server.ts";
import { loadContactPage } from "./contact.server.ts";
import { loadCvPage } from "./cv.server.ts";
import { loadHomePage } from "./home.server.ts";
import { loadPricesPage } from "./prices.server.ts";
import {
  loadArtPage,
  loadExhibitionsPage,
  loadLongFormIndexPage,
  loadMerchPage,
  loadNotFoundPage,
  loadQuotesPage,
} from "./short-pages.server.ts";

/** The pages' copy as `virtual:content/pages/<page>` modules (app/content/content-collections.server.ts). */
export const pageCollections: Record<`pages/${string}`, () => unknown> = {
  "pages/home": () => loadHomePage(),
  "pages/about": () => loadAboutPage(),
  "pages/cv": () => loadCvPage(),
  "pages/prices": () => loadPricesPage(),
  "pages/contact": () => loadContactPage(),
  "pages/merch": () => loadMerchPage(),
  "pages/not-found": () => loadNotFoundPage(),
  "pages/quotes": () => loadQuotesPage(),
  "pages/articles": () => loadLongFormIndexPage("articles"),
  "pages/interviews": () => loadLongFormIndexPage("interviews"),
  "pages/exhibitions": () => loadExhibitionsPage(),
  "pages/art": () => loadArtPage(),
};
