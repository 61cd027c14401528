import { z } from "zod";
import { workFileSchema } from "#app/catalogue/artwork-record.ts";
import { isDocumentPath } from "#app/content/content-documents.server.ts";
import { longFormSchemas } from "#app/content/long-form-files.server.ts";
import { aboutPageSchema } from "#app/content/pages/about.server.ts";
import { contactPageSchema } from "#app/content/pages/contact.server.ts";
import { cvPageSchema } from "#app/content/pages/cv.server.ts";
import { homePageSchema } from "#app/content/pages/home.server.ts";
import { pricesPageSchema } from "#app/content/pages/prices.server.ts";
import {
  artPageSchema,
  exhibitionsPageSchema,
  longFormIndexPageSchema,
  merchPageSchema,
  notFoundPageSchema,
  quotesPageSchema,
} from "#app/content/pages/short-pages.server.ts";
import { siteFileSchema } from "#app/content/site-settings.server.ts";
import { exhibitionFileSchema } from "#app/exhibitions/exhibition-files.server.ts";
import { pageImageSchema } from "#app/images/page-image-files.server.ts";
import { ownEntry } from "#app/security/own-entry.ts";

/**
 * The zod schema that checks each document of the content tree, by its path: the same schemas
 * the readers use (decision 018), so the editor's form has exactly the fields a file has. Only
 * the shape matters here: the exhibition schema is built over no works and no images (its
 * lookups run when the whole site is checked by commitChanges, never while the form is drawn).
 */
const PAGE_SCHEMAS: Record<string, z.ZodType> = {
  about: aboutPageSchema,
  art: artPageSchema,
  articles: longFormIndexPageSchema,
  contact: contactPageSchema,
  cv: cvPageSchema,
  exhibitions: exhibitionsPageSchema,
  home: homePageSchema,
  interviews: longFormIndexPageSchema,
  merch: merchPageSchema,
  "not-found": notFoundPageSchema,
  prices: pricesPageSchema,
  quotes: quotesPageSchema,
};

const exhibitionShape = exhibitionFileSchema({ catalogue: [], images: {} });
const pageImagesShape = z.array(pageImageSchema);

/** The schema of the document at `path`, or undefined for a path no reader knows. */
export function documentSchema(path: string): z.ZodType | undefined {
  if (!isDocumentPath(path)) return undefined;
  if (path === "site.yaml") return siteFileSchema;
  const [folder, file = ""] = path.split("/");
  const name = file.replace(/\.(ya?ml|md)$/, "");
  switch (folder) {
    case "pages":
      return ownEntry(PAGE_SCHEMAS, name);
    case "works":
      return workFileSchema;
    case "exhibitions":
      return exhibitionShape;
    case "images":
      return pageImagesShape;
    case "articles":
      return longFormSchemas.articles;
    case "interviews":
      return longFormSchemas.interviews;
    default:
      return undefined;
  }
}
