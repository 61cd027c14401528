import { data, Link, useLocation, useRouteError } from "react-router";
import { artworkNeighbours } from "#app/catalogue/artwork-neighbours.server.ts";
import { useGalleryNeighbours } from "#app/catalogue/use-gallery-neighbours.ts";
import { labelSummary, parseWorkLabel, withLedgerEdition } from "#app/catalogue/work-label.ts";
import { ArtworkArticle } from "#app/components/artwork/artwork-article.tsx";
import { ArtworkPager } from "#app/components/artwork/artwork-pager.tsx";
import { ArtworkView } from "#app/components/artwork/artwork-view.tsx";
import { LiveEditionLines } from "#app/components/edition/edition-lines.tsx";
import { EnquiryForm } from "#app/components/enquiry/enquiry-form.tsx";
import { GeneralErrorBoundary, NotFoundPage } from "#app/components/general-error-boundary.tsx";
import type { PageHandle } from "#app/components/page-scripts.tsx";
import { SubscribeForm } from "#app/components/subscribe/subscribe-form.tsx";
import { contentStoreContext } from "#app/content/content-store.server.ts";
import { type NotFoundCopy, notFoundCopyOf } from "#app/content/not-found-copy.ts";
import type { ArtPage } from "#app/content/pages/short-pages.server.ts";
import { editionAvailabilityContext } from "#app/editions/edition-availability.server.ts";
import { enquiryConfirmation } from "#app/enquiries/enquiry-fields.ts";
import { imageInfo } from "#app/images/image-info.server.ts";
import { picturesFor } from "#app/images/picture-images.server.ts";
import { artworkRefs, pictureKey } from "#app/images/picture-images.ts";
import { artworkJsonLd } from "#app/seo/artwork-json-ld.ts";
import { metaSite, socialImage } from "#app/seo/meta-site.ts";
import { pageTitle } from "#app/seo/page-title.ts";
import { socialMeta } from "#app/seo/social-meta.ts";
import { artworkOffer } from "#app/subscriptions/page-offers.server.ts";
import { subscriptionServiceContext } from "#app/subscriptions/subscription-service.server.ts";
import type { Route } from "./+types/art.$slug";

// Complete as HTML: no framework JavaScript on this page (decision 011).
export const handle: PageHandle = { scripts: "none" };

/** An unknown work: 404 with the words art.yaml gives that page. */
function workNotFound(art: ArtPage): never {
  const copy: NotFoundCopy = {
    title: art.work_not_found_title,
    heading: art.work_not_found_heading,
    message: art.work_not_found_message,
  };
  throw data(copy, { status: 404 });
}

export function loader({ params, context }: Route.LoaderArgs) {
  const content = context.get(contentStoreContext);
  const catalogue = content.catalogue();
  const art = content.page("art");
  const artwork = catalogue.find(params.slug);
  if (!artwork) workNotFound(art);
  // The default gallery order; a work the gallery hides (a repeated id) has no neighbours.
  const neighbours = artworkNeighbours(catalogue, artwork.slug) ?? { previous: null, next: null };
  const { brand, enquiries } = content.siteSettings();
  const picture = imageInfo("artworks", artwork.imageLarge);
  // What the ledger says now (from memory: an outage keeps the last known, decision 076).
  const edition = context.get(editionAvailabilityContext).publicEdition(artwork.slug) ?? null;
  return {
    artwork,
    picture,
    pictures: {
      ...picturesFor(artworkRefs([artwork.imageSmall])),
      [pictureKey("artworks", artwork.imageLarge)]: picture,
    },
    label: withLedgerEdition(parseWorkLabel(artwork.description), edition?.size),
    neighbours,
    brand,
    copy: { scaleHeading: art.scale_heading, scaleCaption: art.scale_caption },
    confirmation: enquiryConfirmation(enquiries),
    edition,
    subscribe: artworkOffer(context.get(subscriptionServiceContext), artwork.slug, artwork.series),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, error, matches }) => {
  if (!loaderData) {
    const title = notFoundCopyOf(error)?.title;
    return [...(title ? [{ title: pageTitle(metaSite(matches), title) }] : []), { name: "robots", content: "noindex" }];
  }
  const { artwork, label, picture } = loaderData;
  const site = metaSite(matches);
  const title = pageTitle(site, artwork.title);
  const description =
    labelSummary(label) ??
    `${artwork.title} (${artwork.year}), ${artwork.seriesLabel}: ${editionWords(loaderData.edition?.size)} by ${loaderData.brand} on ${artwork.chain}, printed at 200 x 140 cm.`;
  return [
    { title },
    { name: "description", content: description },
    ...socialMeta({
      site,
      title,
      description,
      path: `/art/${artwork.slug}`,
      image: socialImage(picture, artwork.title),
      type: "article",
    }),
    // Built here, not in the loader: its URLs name the public origin, which prerendered loader
    // data (the .data files) would otherwise carry as the build's placeholder.
    { "script:ld+json": artworkJsonLd(artwork, picture, loaderData.brand, loaderData.edition?.size) },
  ];
};

/** History state the hydrated gallery passes on a client-side navigation (art._index.tsx). */
interface GalleryState {
  gallerySearch?: unknown;
  galleryFrom?: unknown;
}

/** "a unique work", "an edition of 8": the meta description's words for the ledger's edition. */
function editionWords(size: number | undefined): string {
  return size && size > 1 ? `an edition of ${size}` : "a unique work";
}

export default function ArtworkPage({ loaderData }: Route.ComponentProps) {
  const { artwork, label, copy } = loaderData;
  const location = useLocation();
  const state = location.state as GalleryState | null;
  const gallerySearch =
    typeof state?.gallerySearch === "string" && state.gallerySearch.startsWith("?") ? state.gallerySearch : undefined;
  // Came from the gallery in this tab: go back to the same filtered view, and walk it.
  const backState = typeof state?.galleryFrom === "number" ? { galleryFrom: state.galleryFrom } : undefined;
  const { neighbours, loading } = useGalleryNeighbours(artwork.slug, gallerySearch, loaderData.neighbours);
  // Every catalogue record says "Sold" today; an available work asks about itself.
  const sold = artwork.availability.trim().toLowerCase() === "sold";
  return (
    <LiveEditionLines>
      <ArtworkView
        artwork={artwork}
        label={label}
        scale={{ heading: copy.scaleHeading, caption: copy.scaleCaption }}
        owners={loaderData.edition?.owners}
        bar={
          <>
            <Link
              to={gallerySearch ? `/art${gallerySearch}` : "/art"}
              state={backState}
              className="button button-ghost"
            >
              ← Back to Gallery
            </Link>
            <ArtworkPager neighbours={neighbours} loading={loading} state={gallerySearch ? state : undefined} />
          </>
        }
      >
        <ArtworkArticle
          artwork={artwork}
          label={label}
          image={{ href: `/art/${artwork.slug}/zoom`, opens: "zoom" }}
          priority
          edition={loaderData.edition?.line}
          controls={
            <a href="#view-at-scale" className="button button-ghost">
              {copy.scaleHeading}
            </a>
          }
          enquiry={
            <section aria-label="Enquire">
              <EnquiryForm
                descriptor={{
                  subject: "work",
                  subjectRef: artwork.slug,
                  subjectTitle: artwork.title,
                  sourcePath: `/art/${artwork.slug}`,
                  sold,
                }}
                display="closed"
                openLabel={sold ? "Enquire about similar works" : "Enquire about this work"}
                confirmation={loaderData.confirmation}
              />
              {loaderData.subscribe.topics.length > 0 ? (
                <SubscribeForm id="work-subscribe" source={`/art/${artwork.slug}`} {...loaderData.subscribe} />
              ) : null}
            </section>
          }
        />
      </ArtworkView>
    </LiveEditionLines>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary notFound={<WorkNotFound />} />;
}

function WorkNotFound() {
  const copy = notFoundCopyOf(useRouteError());
  return <NotFoundPage title={copy?.heading} message={copy?.message} />;
}
