import type { MetaDescriptor } from "react-router";
import { siteConfig } from "#app/content/site-config.ts";
import { imageDimensions, jpegUrl } from "#app/images/image-urls.ts";
import { siteOrigin } from "./site-origin.ts";

export function absoluteUrl(path: string, origin = siteOrigin()): string {
  return new URL(path, origin).toString();
}

export interface SocialImage {
  collection: string;
  name: string;
  alt: string;
}

/** Shared on pages with no picture of their own. */
export const defaultSocialImage: SocialImage = {
  collection: "home",
  name: "hero-studio",
  alt: "The studio at dusk, large canvases leaning on the wall",
};

/** Canonical link, Open Graph and Twitter card tags for a page, with an image from the pipeline. */
export function socialMeta(options: {
  title: string;
  description: string;
  path: string;
  image?: SocialImage;
  type?: "website" | "article";
}): MetaDescriptor[] {
  const { title, description, path, image = defaultSocialImage, type = "website" } = options;
  const src = absoluteUrl(jpegUrl(image.collection, image.name, 1200));
  const size = imageDimensions(image.collection, image.name);
  const width = Math.min(1200, size.width);
  const height = Math.round((width * size.height) / size.width);
  return [
    { tagName: "link", rel: "canonical", href: absoluteUrl(path) },
    { property: "og:site_name", content: siteConfig.brand },
    { property: "og:type", content: type },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: absoluteUrl(path) },
    { property: "og:image", content: src },
    { property: "og:image:width", content: String(width) },
    { property: "og:image:height", content: String(height) },
    { property: "og:image:alt", content: image.alt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:site", content: siteConfig.social.x.handle },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: src },
    { name: "twitter:image:alt", content: image.alt },
  ];
}

/** A public page's title, description, canonical link and sharing tags. */
export function pageMeta(options: Parameters<typeof socialMeta>[0]): MetaDescriptor[] {
  return [{ title: options.title }, { name: "description", content: options.description }, ...socialMeta(options)];
}
