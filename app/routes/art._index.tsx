import { useRef } from "react";
import {
  data,
  isRouteErrorResponse,
  Link,
  type ShouldRevalidateFunction,
  useLocation,
  useRouteError,
  useSearchParams,
} from "react-router";
import { filtersFromSearchParams, type GalleryFilters, hasActiveFilters } from "#app/catalogue/artwork-list.ts";
import { GALLERY_PAGE_SIZE, galleryHref, galleryQuery, pagingFromSearchParams } from "#app/catalogue/gallery-paging.ts";
import { withCardPictures } from "#app/catalogue/gallery-pictures.server.ts";
import { catalogueLister, galleryView } from "#app/catalogue/gallery-view.server.ts";
import { useGalleryPages } from "#app/catalogue/use-gallery-pages.ts";
import { useMoreOnScroll } from "#app/catalogue/use-more-on-scroll.ts";
import { LiveEditionLines } from "#app/components/edition/edition-lines.tsx";
import styles from "#app/components/gallery/gallery.module.css";
import { GalleryCardGrid } from "#app/components/gallery/gallery-card-grid.tsx";
import { GalleryFilterForm } from "#app/components/gallery/gallery-filter-form.tsx";
import { GeneralErrorBoundary } from "#app/components/general-error-boundary.tsx";
import type { PageHandle } from "#app/components/page-scripts.tsx";
import { StatusPage } from "#app/components/status-page.tsx";
import { contentStoreContext } from "#app/content/content-store.server.ts";
import { editionAvailabilityContext } from "#app/editions/edition-availability.server.ts";
import { withEditionLines } from "#app/editions/edition-cards.server.ts";
import { imageInfo } from "#app/images/image-info.server.ts";
import { metaSite, socialImage } from "#app/seo/meta-site.ts";
import { pageTitle } from "#app/seo/page-title.ts";
import { pageMeta } from "#app/seo/social-meta.ts";
import type { Route } from "./+types/art._index";

// The first page of cards of the URL's view (filters, sort, search, page) and every option;
// other views and pages come from /api/artworks in the browser (decision 021). Works as HTML first; React starts after the page has loaded (decision 011).
export const handle: PageHandle = { scripts: "deferred" };

/** A bad page number or one past the end: what the error boundary and `meta` show. */
interface GalleryRefusal {
  message: string;
  /** The status page's title (art.yaml's page_not_found or bad_page). */
  heading: string;
  title: string;
  description: string;
}

export function loader({ request, context }: Route.LoaderArgs) {
  const content = context.get(contentStoreContext);
  const catalogue = content.catalogue();
  const artPage = content.page("art");
  const result = galleryView(new URL(request.url).searchParams, catalogueLister(catalogue));
  if (!result.ok) {
    const refusal: GalleryRefusal = {
      message: result.message,
      heading: result.status === 404 ? artPage.page_not_found : artPage.bad_page,
      title: artPage.title,
      description: artPage.description,
    };
    throw data(refusal, { status: result.status });
  }
  const { view } = result;
  // The work whose picture stands for the catalogue when the page is shared.
  const shared = catalogue.find(artPage.share_work);
  if (!shared)
    throw new Error(`content/pages/art.yaml: share_work: "${artPage.share_work}" is not a work in content/works`);
  const shareImage = socialImage(
    imageInfo("artworks", shared.imageLarge),
    `${shared.title}, from the ${shared.series} series`,
  );
  const copy = {
    title: artPage.title,
    description: artPage.description,
    heading: artPage.heading,
    noMatchHeading: artPage.no_match_heading,
    noMatch: artPage.no_match,
    empty: artPage.empty,
  };
  return {
    view: withEditionLines(withCardPictures(view), context.get(editionAvailabilityContext)),
    options: catalogue.filterOptions(),
    shareImage,
    copy,
    printSize: content.siteSettings().printSize,
  };
}

// Filtering and paging only change the query string: the gallery asks /api/artworks for the
// view instead (a prerendered /art.data would answer every query with the first page).
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;

function galleryRefusal(error: unknown): GalleryRefusal | undefined {
  if (!isRouteErrorResponse(error) || (error.status !== 400 && error.status !== 404)) return undefined;
  const data: unknown = error.data;
  return data && typeof data === "object" && "message" in data && "heading" in data
    ? (data as GalleryRefusal)
    : undefined;
}

export const meta: Route.MetaFunction = ({ loaderData, error, matches }) => {
  const copy = loaderData?.copy ?? galleryRefusal(error);
  return copy
    ? pageMeta({
        site: metaSite(matches),
        title: pageTitle(metaSite(matches), copy.title),
        description: copy.description,
        path: "/art",
        image: loaderData?.shareImage,
      })
    : [];
};

export default function Gallery({ loaderData }: Route.ComponentProps) {
  const { view, options, copy } = loaderData;
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const filters = filtersFromSearchParams(searchParams);
  const parsedPaging = pagingFromSearchParams(searchParams);
  const paging = parsedPaging.ok ? parsedPaging.paging : { page: 1, per: GALLERY_PAGE_SIZE };
  const from = Number((location.state as { galleryFrom?: unknown } | null)?.galleryFrom) || paging.page;
  const shown = useGalleryPages(view, filters, paging, from);
  const next = shown.pages > paging.page ? galleryHref(filters, { ...paging, page: paging.page + 1 }) : undefined;
  const more = useRef<HTMLAnchorElement>(null);
  useMoreOnScroll({ link: more, next, loading: shown.loading, runStart: shown.first, page: paging.page });
  const apply = (chosen: GalleryFilters, replace: boolean) =>
    setSearchParams(galleryQuery(chosen, { page: 1, per: paging.per }), { replace, preventScrollReset: true });

  return (
    <main id="main" className="page">
      <div className={styles.head}>
        <h1>{copy.heading}</h1>
        <p className={styles.count} aria-live="polite">
          {shown.total === 1 ? "1 work" : `${shown.total} works`}
        </p>
      </div>
      <GalleryFilterForm filters={filters} options={options} per={paging.per} apply={apply} />
      {shown.first > 1 ? (
        <p className={styles.earlier}>
          <Link to={galleryHref(filters, { ...paging, page: shown.first - 1 })} className="button button-ghost">
            Earlier works
          </Link>
        </p>
      ) : null}
      {shown.cards.length > 0 || shown.loading ? (
        <LiveEditionLines>
          <GalleryCardGrid shown={shown} printSize={loaderData.printSize} />
        </LiveEditionLines>
      ) : (
        <div className={styles.empty}>
          <h2>{copy.noMatchHeading}</h2>
          <p>{hasActiveFilters(filters) ? copy.noMatch : copy.empty}</p>
          <Link to="/art" className="button">
            Clear filters
          </Link>
        </div>
      )}
      {next ? (
        <p className={styles.paging}>
          <Link
            ref={more}
            to={next}
            replace
            preventScrollReset
            state={{ galleryFrom: shown.first }}
            className="button"
            aria-describedby="gallery-shown"
          >
            More works
          </Link>
          <span id="gallery-shown" className={styles.shown}>
            {`Works ${(shown.first - 1) * paging.per + 1} to ${(shown.first - 1) * paging.per + shown.cards.length} of ${shown.total}`}
          </span>
        </p>
      ) : null}
    </main>
  );
}

/** A bad page number or one past the end: say what is wrong and lead back to the gallery. */
export function ErrorBoundary() {
  const error = useRouteError();
  const refusal = galleryRefusal(error);
  if (refusal && isRouteErrorResponse(error))
    return (
      <StatusPage
        code={String(error.status)}
        title={refusal.heading}
        message={refusal.message}
        actions={
          <Link to="/art" className="button">
            Browse the artworks
          </Link>
        }
      />
    );
  return <GeneralErrorBoundary />;
}
