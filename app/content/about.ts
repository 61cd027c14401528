import type { PageImageRef } from "#app/images/page-image-lookup.ts";
import type { AboutPage } from "./pages/about.server.ts";

export interface Slide {
  image: PageImageRef;
  caption: string;
}

/**
 * The About page's copy with each image looked up in the page-image registry served with it (the
 * content store's, so an alt text published in the studio is the one shown).
 */
export function aboutWithImages(page: AboutPage, pageImage: (collection: string, name: string) => PageImageRef) {
  const image = (ref: { collection: string; name: string }) => pageImage(ref.collection, ref.name);
  return {
    ...page,
    slides: page.slides.map((slide): Slide => ({ image: image(slide.image), caption: slide.caption })),
    prints: { heading: page.prints.heading, images: page.prints.images.map(image) },
    cards: { ...page.cards, items: page.cards.items.map((card) => ({ ...card, image: image(card.image) })) },
    sections: page.sections.map((section) => ({ ...section, image: section.image && image(section.image) })),
  };
}
