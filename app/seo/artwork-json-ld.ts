import type { Artwork } from "#app/catalogue/catalogue.ts";
import { parseWorkLabel } from "#app/catalogue/work-label.ts";
import type { ImageInfo } from "#app/images/image-catalog.ts";
import { jpegUrl } from "#app/images/image-urls.ts";
import { siteOrigin } from "./site-origin.ts";
import { absoluteUrl } from "./social-meta.ts";

/**
 * schema.org VisualArtwork for one work (printed size 200 x 140 cm); `image` is its resolved
 * picture. `editionSize` is the ledger's, when the studio set the work's edition (issue 40):
 * it wins over the size the description states. Nothing of who bought or holds a print.
 */
export function artworkJsonLd(artwork: Artwork, image: ImageInfo, brand: string, editionSize?: number) {
  // The label's reading of the description: prose without its "Description:" heading, the real medium.
  const label = parseWorkLabel(artwork.description);
  const description = label.prose.join("\n\n");
  return {
    "@context": "https://schema.org",
    "@type": "VisualArtwork",
    name: artwork.title,
    url: absoluteUrl(`/art/${artwork.slug}`),
    image: absoluteUrl(jpegUrl(image, 1920)),
    creator: { "@type": "Person", name: brand, url: absoluteUrl("/", siteOrigin()) },
    dateCreated: artwork.year,
    artform: "Digital painting",
    artMedium: label.medium ?? "Giclee print on cotton rag",
    artEdition: String(editionSize ?? artwork.edition),
    width: { "@type": "Distance", name: "200 cm" },
    height: { "@type": "Distance", name: "140 cm" },
    identifier: String(artwork.id),
    isPartOf: { "@type": "CreativeWorkSeries", name: artwork.seriesLabel },
    ...(description ? { description } : {}),
    sameAs: [artwork.mintAddress, artwork.secondaryMarket].filter(Boolean),
  };
}
