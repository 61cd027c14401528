import type { CSSProperties } from "react";
import { data, Link, useLocation, useRouteError } from "react-router";
import { artworkNeighbours } from "#app/catalogue/artwork-neighbours.server.ts";
import { useGalleryNeighbours } from "#app/catalogue/use-gallery-neighbours.ts";
import { CATALOGUE_PRINTED_SIZE, labelSummary, parseWorkLabel } from "#app/catalogue/work-label.ts";
import { ArtworkLabel } from "#app/components/artwork/artwork-label.tsx";
import { ArtworkPager } from "#app/components/artwork/artwork-pager.tsx";
import { ArtworkProvenance } from "#app/components/artwork/artwork-provenance.tsx";
import { ViewAtScale } from "#app/components/artwork/view-at-scale.tsx";
import { WORK_PICTURE_SIZES } from "#app/components/artwork/work-picture-sizes.ts";
import { EnquiryForm, EnquiryScript } from "#app/components/enquiry/enquiry-form.tsx";
import { GeneralErrorBoundary, NotFoundPage } from "#app/components/general-error-boundary.tsx";
import type { PageHandle } from "#app/components/page-scripts.tsx";
import { Picture } from "#app/components/picture.tsx";
import { usePictureImage } from "#app/components/picture-images.tsx";
import { contentStoreContext } from "#app/content/content-store.server.ts";
import { type NotFoundCopy, notFoundCopyOf } from "#app/content/not-found-copy.ts";
import type { ArtPage } from "#app/content/pages/short-pages.server.ts";
import { enquiryConfirmation } from "#app/enquiries/enquiry-fields.ts";
import { imageInfo } from "#app/images/image-info.server.ts";
import { picturesFor } from "#app/images/picture-images.server.ts";
import { artworkRefs, pictureKey } from "#app/images/picture-images.ts";
import { artworkJsonLd } from "#app/seo/artwork-json-ld.ts";
import { metaSite, socialImage } from "#app/seo/meta-site.ts";
import { pageTitle } from "#app/seo/page-title.ts";
import { socialMeta } from "#app/seo/social-meta.ts";
import type { Route } from "./+types/art.$slug";
import styles from "./art.$slug.module.css";

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
  return {
    artwork,
    picture,
    pictures: {
      ...picturesFor(artworkRefs([artwork.imageSmall])),
      [pictureKey("artworks", artwork.imageLarge)]: picture,
    },
    label: parseWorkLabel(artwork.description),
    neighbours,
    brand,
    copy: { scaleHeading: art.scale_heading, scaleCaption: art.scale_caption },
    confirmation: enquiryConfirmation(enquiries),
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
    `${artwork.title} (${artwork.year}), ${artwork.seriesLabel}: a unique work by ${loaderData.brand} on ${artwork.chain}, printed at 200 x 140 cm.`;
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
    { "script:ld+json": artworkJsonLd(artwork, picture, loaderData.brand) },
  ];
};

/** History state the hydrated gallery passes on a client-side navigation (art._index.tsx). */
interface GalleryState {
  gallerySearch?: unknown;
  galleryFrom?: unknown;
}

export default function ArtworkPage({ loaderData }: Route.ComponentProps) {
  const { artwork, label } = loaderData;
  const location = useLocation();
  const state = location.state as GalleryState | null;
  const gallerySearch =
    typeof state?.gallerySearch === "string" && state.gallerySearch.startsWith("?") ? state.gallerySearch : undefined;
  // Came from the gallery in this tab: go back to the same filtered view, and walk it.
  const backState = typeof state?.galleryFrom === "number" ? { galleryFrom: state.galleryFrom } : undefined;
  const backTo = gallerySearch ? `/art${gallerySearch}` : "/art";
  const { neighbours, loading } = useGalleryNeighbours(artwork.slug, gallerySearch, loaderData.neighbours);
  const zoomHref = `/art/${artwork.slug}/zoom`;
  const { width, height } = usePictureImage("artworks", artwork.imageLarge);
  const aspect = (width / height).toFixed(4);
  // Every catalogue record says "Sold" today; an available work asks about itself.
  const sold = artwork.availability.trim().toLowerCase() === "sold";
  return (
    <main id="main" className={`page ${styles.page}`}>
      <div className={styles.bar}>
        <Link to={backTo} state={backState} className="button button-ghost">
          ← Back to Gallery
        </Link>
        <ArtworkPager neighbours={neighbours} loading={loading} state={gallerySearch ? state : undefined} />
      </div>
      <article className={styles.article}>
        <div className={styles.media}>
          <a
            href={zoomHref}
            className={styles.zoom}
            aria-label={`Zoom into ${artwork.title}`}
            style={{ "--work-aspect": aspect } as CSSProperties}
          >
            <Picture
              collection="artworks"
              name={artwork.imageLarge}
              alt={artwork.title}
              sizes={WORK_PICTURE_SIZES}
              priority
              className={styles.image}
            />
            <span className={styles.zoomBadge} aria-hidden="true">
              Zoom
            </span>
          </a>
        </div>
        <div className={styles.text}>
          <h1 className={styles.title}>{artwork.title}</h1>
          <p className={styles.subtitle}>
            {artwork.year} · {artwork.seriesLabel}
          </p>
          <p className={styles.controls}>
            <a href="#view-at-scale" className="button button-ghost">
              {loaderData.copy.scaleHeading}
            </a>
          </p>
          <ArtworkLabel artwork={artwork} label={label} />
          <section className={styles.enquire} aria-label="Enquire">
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
          </section>
        </div>
      </article>
      <div className={styles.more}>
        {label.prose.length > 0 || label.provenance.length > 0 ? (
          <div className={styles.reading}>
            {label.prose.length > 0 ? (
              <section aria-labelledby="about-heading">
                <h2 id="about-heading" className={styles.sectionHeading}>
                  About the work
                </h2>
                {label.prose.map((paragraph) => (
                  <p key={paragraph} className={styles.prose}>
                    {paragraph}
                  </p>
                ))}
              </section>
            ) : null}
            <ArtworkProvenance entries={label.provenance} />
          </div>
        ) : null}
        <section id="view-at-scale" className={styles.scale} aria-labelledby="scale-heading">
          <h2 id="scale-heading" className={styles.sectionHeading}>
            {loaderData.copy.scaleHeading}
          </h2>
          <ViewAtScale
            image={artwork.imageLarge}
            size={label.printedSize ?? CATALOGUE_PRINTED_SIZE}
            caption={loaderData.copy.scaleCaption}
          />
        </section>
      </div>
      <EnquiryScript />
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary notFound={<WorkNotFound />} />;
}

function WorkNotFound() {
  const copy = notFoundCopyOf(useRouteError());
  return <NotFoundPage title={copy?.heading} message={copy?.message} />;
}
