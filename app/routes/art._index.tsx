import { type FormEvent, useEffect, useRef, useState } from "react";
import {
  data,
  Form,
  isRouteErrorResponse,
  Link,
  type ShouldRevalidateFunction,
  useLocation,
  useNavigate,
  useRouteError,
  useSearchParams,
} from "react-router";
import {
  activeFilterCount,
  filtersFromSearchParams,
  type GalleryFilters,
  hasActiveFilters,
} from "#app/catalogue/artwork-list.ts";
import { GALLERY_PAGE_SIZE, galleryHref, galleryQuery, pagingFromSearchParams } from "#app/catalogue/gallery-paging.ts";
import { withCardPictures } from "#app/catalogue/gallery-pictures.server.ts";
import { catalogueLister, galleryView } from "#app/catalogue/gallery-view.server.ts";
import { useGalleryPages } from "#app/catalogue/use-gallery-pages.ts";
import { GeneralErrorBoundary } from "#app/components/general-error-boundary.tsx";
import type { PageHandle } from "#app/components/page-scripts.tsx";
import { Picture } from "#app/components/picture.tsx";
import { PictureImagesProvider } from "#app/components/picture-images.tsx";
import { StatusPage } from "#app/components/status-page.tsx";
import { contentStoreContext } from "#app/content/content-store.server.ts";
import { imageInfo } from "#app/images/image-info.server.ts";
import { metaSite, socialImage } from "#app/seo/meta-site.ts";
import { pageTitle } from "#app/seo/page-title.ts";
import { pageMeta } from "#app/seo/social-meta.ts";
import type { Route } from "./+types/art._index";
import styles from "./art._index.module.css";

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
    view: withCardPictures(view),
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
  const navigate = useNavigate();
  const filters = filtersFromSearchParams(searchParams);
  const active = activeFilterCount(filters);
  const parsedPaging = pagingFromSearchParams(searchParams);
  const paging = parsedPaging.ok ? parsedPaging.paging : { page: 1, per: GALLERY_PAGE_SIZE };
  const from = Number((location.state as { galleryFrom?: unknown } | null)?.galleryFrom) || paging.page;
  const shown = useGalleryPages(view, filters, paging, from);
  const visible = shown.cards;
  const next = shown.pages > paging.page ? galleryHref(filters, { ...paging, page: paging.page + 1 }) : undefined;
  const nextState = { galleryFrom: shown.first };
  const runStart = shown.first;
  const more = useRef<HTMLAnchorElement>(null);
  // After a first "More works", the next pages follow on scroll (the footer stays reachable
  // until the visitor asks for more).
  useEffect(() => {
    const link = more.current;
    if (!next || shown.loading || runStart === paging.page || !link || !("IntersectionObserver" in window)) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          navigate(next, { replace: true, preventScrollReset: true, state: { galleryFrom: runStart } });
        }
      },
      // Within 800 px below the screen, or anywhere above it: a fast scroll can jump past the link.
      { rootMargin: "1000000px 0px 800px 0px" },
    );
    observer.observe(link);
    return () => observer.disconnect();
  }, [next, shown.loading, runStart, paging.page, navigate]);
  // The search box keeps its own text while typing; the URL follows (and Back restores it).
  const [searchText, setSearchText] = useState(filters.search);
  useEffect(() => setSearchText(filters.search), [filters.search]);
  const form = useRef<HTMLFormElement>(null);
  // React starts after the page has loaded (decision 011): choices made in the form before that
  // are applied, not dropped. Declared before the effect below, so it reads the form before the
  // re-render that effect causes puts the controls back to the URL's values.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at hydration
  useEffect(() => {
    if (!form.current) return;
    const chosen = filtersFromSearchParams(formSearchParams(form.current));
    if (JSON.stringify(chosen) !== JSON.stringify(filters)) {
      setSearchText(chosen.search);
      apply(chosen, true);
    }
  }, []);
  // Without JavaScript the form needs its Apply button; with it, every change applies at once.
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);

  const apply = (chosen: GalleryFilters, replace: boolean) =>
    setSearchParams(galleryQuery(chosen, { page: 1, per: paging.per }), { replace, preventScrollReset: true });
  const onSelect = (name: keyof GalleryFilters) => (event: FormEvent<HTMLSelectElement>) =>
    apply({ ...filters, [name]: event.currentTarget.value }, false);

  return (
    <main id="main" className="page">
      <div className={styles.head}>
        <h1>{copy.heading}</h1>
        <p className={styles.count} aria-live="polite">
          {shown.total === 1 ? "1 work" : `${shown.total} works`}
        </p>
      </div>

      {/* Below 960 px the five controls wait behind this button, so a whole work is on the first
          screen. A <details> opens without JavaScript (and before hydration); the form is its
          sibling, shown by CSS, so wide screens keep the bar whatever the button's state. */}
      <details className={styles.filterToggle}>
        <summary
          className="button button-ghost"
          aria-controls="gallery-filters"
          aria-label={active > 0 ? `Filter (${active} active)` : "Filter (none active)"}
        >
          {active > 0 ? `Filter (${active})` : "Filter"}
        </summary>
      </details>
      <Form
        ref={form}
        id="gallery-filters"
        method="get"
        action="/art"
        className={styles.filters}
        role="search"
        aria-label="Filter artworks"
      >
        {paging.per === GALLERY_PAGE_SIZE ? null : <input type="hidden" name="per" value={paging.per} />}
        <FilterSelect
          label="Filter by availability"
          name="availability"
          allLabel="All Availability"
          value={filters.availability}
          options={options.availability}
          onChange={onSelect("availability")}
        />
        <FilterSelect
          label="Filter by chain"
          name="chain"
          allLabel="All Chains"
          value={filters.chain}
          options={options.chain}
          onChange={onSelect("chain")}
        />
        <FilterSelect
          label="Filter by series"
          name="series"
          allLabel="All Series"
          value={filters.series}
          options={options.series}
          onChange={onSelect("series")}
        />
        <label className={styles.field}>
          <span>Sort by year</span>
          <select
            name="sort"
            value={filters.yearSort === "asc" ? "oldest" : "newest"}
            onChange={(event) =>
              apply({ ...filters, yearSort: event.currentTarget.value === "oldest" ? "asc" : "desc" }, false)
            }
          >
            <option value="newest">Newest First</option>
            <option value="oldest">Oldest First</option>
          </select>
        </label>
        {/* The Apply button shares the search row, so when it goes at hydration only the search
            box widens and nothing below moves. */}
        <div className={styles.searchRow}>
          <label className={styles.field}>
            <span>Search</span>
            <input
              type="search"
              name="q"
              placeholder="Search titles..."
              value={searchText}
              onChange={(event) => {
                setSearchText(event.currentTarget.value);
                apply({ ...filters, search: event.currentTarget.value }, true);
              }}
            />
          </label>
          {enhanced ? null : (
            <button type="submit" className="button">
              Apply
            </button>
          )}
        </div>
      </Form>

      {shown.first > 1 ? (
        <p className={styles.earlier}>
          <Link to={galleryHref(filters, { ...paging, page: shown.first - 1 })} className="button button-ghost">
            Earlier works
          </Link>
        </p>
      ) : null}
      {visible.length > 0 || shown.loading ? (
        <PictureImagesProvider images={shown.pictures}>
          <ul className={styles.grid} aria-busy={shown.loading || undefined}>
            {visible.map((card, index) => (
              <li key={`${card.id}-${card.slug}`}>
                <Link
                  to={`/art/${card.slug}`}
                  state={{ gallerySearch: location.search, galleryFrom: shown.first }}
                  className={styles.card}
                >
                  <Picture
                    collection="artworks"
                    name={card.image}
                    alt=""
                    sizes="(max-width: 1024px) calc(100vw - 32px), 580px"
                    priority={index === 0}
                    fetchPriority={index > 0 ? "low" : undefined}
                    className={styles.image}
                  />
                  <h2 className={styles.title}>{card.title}</h2>
                  <p className={styles.line}>
                    {card.year}. 1 of 1 original, {loaderData.printSize}, {card.availability}.
                  </p>
                </Link>
              </li>
            ))}
          </ul>
        </PictureImagesProvider>
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
            state={nextState}
            className="button"
            aria-describedby="gallery-shown"
          >
            More works
          </Link>
          <span id="gallery-shown" className={styles.shown}>
            {`Works ${(shown.first - 1) * paging.per + 1} to ${(shown.first - 1) * paging.per + visible.length} of ${shown.total}`}
          </span>
        </p>
      ) : null}
    </main>
  );
}

/** One filter of the gallery form: "All ..." (empty value) plus the values present. */
function FilterSelect(props: {
  label: string;
  name: string;
  allLabel: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (event: FormEvent<HTMLSelectElement>) => void;
}) {
  return (
    <label className={styles.field}>
      <span>{props.label}</span>
      <select name={props.name} value={props.value} onChange={props.onChange}>
        <option value="">{props.allLabel}</option>
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The form's current values as the query string a plain GET submit would send. */
function formSearchParams(form: HTMLFormElement): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) if (typeof value === "string") params.append(name, value);
  return params;
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
