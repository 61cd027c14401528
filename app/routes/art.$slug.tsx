import artPage from "virtual:content/pages/art";
import { data, Link, useLocation } from "react-router";
import { findArtwork } from "#app/catalogue/catalogue.ts";
import { GeneralErrorBoundary, NotFoundPage } from "#app/components/general-error-boundary.tsx";
import type { PageHandle } from "#app/components/page-scripts.tsx";
import { Picture } from "#app/components/picture.tsx";
import { siteConfig } from "#app/content/site-config.ts";
import { artworkJsonLd } from "#app/seo/artwork-json-ld.ts";
import { pageTitle } from "#app/seo/page-title.ts";
import { socialMeta } from "#app/seo/social-meta.ts";
import type { Route } from "./+types/art.$slug";
import styles from "./art.$slug.module.css";

// Complete as HTML: no framework JavaScript on this page (decision 011).
export const handle: PageHandle = { scripts: "none" };

export function loader({ params }: Route.LoaderArgs) {
  const artwork = findArtwork(params.slug);
  if (!artwork) throw data(null, { status: 404 });
  return { artwork };
}

/** First paragraph of the "Description:" section, for meta descriptions. */
function summary(description: string, fallback: string): string {
  const text = description
    .replace(/^Description:\s*/, "")
    .split("\n")[0]
    ?.trim();
  return text || fallback;
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: pageTitle(artPage.work_not_found_title) }, { name: "robots", content: "noindex" }];
  const { artwork } = loaderData;
  const title = pageTitle(artwork.title);
  const description = summary(
    artwork.description,
    `${artwork.title} (${artwork.year}), ${artwork.seriesLabel}: a unique work by ${siteConfig.brand} on ${artwork.chain}, printed at 200 x 140 cm.`,
  );
  return [
    { title },
    { name: "description", content: description },
    ...socialMeta({
      title,
      description,
      path: `/art/${artwork.slug}`,
      image: { collection: "artworks", name: artwork.imageLarge, alt: artwork.title },
      type: "article",
    }),
    // Built here, not in the loader: its URLs name the public origin, which prerendered loader
    // data (the .data files) would otherwise carry as the build's placeholder.
    { "script:ld+json": artworkJsonLd(artwork) },
  ];
};

export default function ArtworkPage({ loaderData }: Route.ComponentProps) {
  const { artwork } = loaderData;
  const location = useLocation();
  // Came from the gallery in this tab: go back to the same filtered view.
  const state = location.state as { gallerySearch?: unknown; galleryFrom?: unknown } | null;
  const gallerySearch = state?.gallerySearch;
  // The first page of the gallery's "More works" run, so the pages loaded before stay on screen.
  const backState = typeof state?.galleryFrom === "number" ? { galleryFrom: state.galleryFrom } : undefined;
  const backTo = typeof gallerySearch === "string" && gallerySearch.startsWith("?") ? `/art${gallerySearch}` : "/art";
  return (
    <main id="main" className="page">
      <Link to={backTo} state={backState} className={`button button-ghost ${styles.back}`}>
        ← Back to Gallery
      </Link>
      <article className={styles.article}>
        <Picture
          collection="artworks"
          name={artwork.imageLarge}
          alt={artwork.title}
          sizes="(max-width: 1200px) calc(100vw - 32px), 1200px"
          priority
          className={styles.image}
        />
        <div className={styles.text}>
          <h1>{artwork.title}</h1>
          <p className={styles.year}>{artwork.year}</p>
          {artwork.description ? <p className={styles.description}>{artwork.description}</p> : null}
          <dl className={styles.facts}>
            <div>
              <dt>Series</dt>
              <dd>{artwork.seriesLabel}</dd>
            </div>
            {artwork.mintAddress ? (
              <div>
                <dt>Mint Address</dt>
                <dd>
                  <a href={artwork.mintAddress} target="_blank" rel="noopener noreferrer">
                    View on Blockchain
                  </a>
                </dd>
              </div>
            ) : null}
            {artwork.secondaryMarket ? (
              <div>
                <dt>Secondary Market</dt>
                <dd>
                  <a href={artwork.secondaryMarket} target="_blank" rel="noopener noreferrer">
                    View Listing
                  </a>
                </dd>
              </div>
            ) : null}
            {artwork.chain ? (
              <div>
                <dt>Blockchain</dt>
                <dd>{artwork.chain}</dd>
              </div>
            ) : null}
            {artwork.availability ? (
              <div>
                <dt>Availability</dt>
                <dd>{artwork.availability}</dd>
              </div>
            ) : null}
          </dl>
        </div>
      </article>
    </main>
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      notFound={<NotFoundPage title={artPage.work_not_found_heading} message={artPage.work_not_found_message} />}
    />
  );
}
