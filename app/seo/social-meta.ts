import type { MetaDescriptor } from "react-router";
import type { MetaSite, SocialImage } from "./meta-site.ts";
import { siteOrigin } from "./site-origin.ts";

export function absoluteUrl(path: string, origin = siteOrigin()): string {
  return new URL(path, origin).toString();
}

/** Shared on pages with no picture of their own (the root loader resolves it into MetaSite). */
export const defaultSocialImage = {
  collection: "home",
  name: "hero-studio",
  alt: "The studio at dusk, large canvases leaning on the wall",
};

/** Canonical link, Open Graph and Twitter card tags for a page, with an image from the pipeline. */
export function socialMeta(options: {
  /** The root loader's MetaSite (metaSite(matches)); without it (the root failed) no tags. */
  site: MetaSite | undefined;
  title: string;
  description: string;
  path: string;
  image?: SocialImage;
  type?: "website" | "article";
}): MetaDescriptor[] {
  const { site, title, description, path, type = "website" } = options;
  if (!site) return [];
  const image = options.image ?? site.socialImage;
  const src = absoluteUrl(image.path);
  return [
    { tagName: "link", rel: "canonical", href: absoluteUrl(path) },
    { property: "og:site_name", content: site.brand },
    { property: "og:type", content: type },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: absoluteUrl(path) },
    { property: "og:image", content: src },
    { property: "og:image:width", content: String(image.width) },
    { property: "og:image:height", content: String(image.height) },
    { property: "og:image:alt", content: image.alt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:site", content: site.xHandle },
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
