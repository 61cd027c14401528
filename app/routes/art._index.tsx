import { type FormEvent, useEffect, useMemo, useRef, useState } from "react";
import { Form, Link, type ShouldRevalidateFunction, useLocation, useSearchParams } from "react-router";
import {
  filtersFromSearchParams,
  type GalleryFilters,
  hasActiveFilters,
  listArtworks,
  searchParamsFromFilters,
} from "~/catalogue/artwork-list";
import { artworkCards, findArtwork, galleryFilterOptions } from "~/catalogue/catalogue";
import type { PageHandle } from "~/components/page-scripts";
import { Picture } from "~/components/picture";
import { siteConfig } from "~/content/site-config";
import { pageTitle } from "~/seo/page-title";
import { pageMeta } from "~/seo/social-meta";
import type { Route } from "./+types/art._index";
import styles from "./art._index.module.css";

// Every card and every option; the view is chosen from the URL, so one payload serves all views.
// Works as HTML first; React starts after the page has loaded (decision 011).
export const handle: PageHandle = { scripts: "deferred" };

/** The work whose picture stands for the catalogue when the page is shared. */
const SHARED_WORK = "the-source-of-novelty";

export function loader() {
  const shared = findArtwork(SHARED_WORK);
  if (!shared)
    throw new Error(`The catalogue's share image is the work "${SHARED_WORK}", which is not in content/works`);
  const shareImage = {
    collection: "artworks",
    name: shared.imageLarge,
    alt: `${shared.title}, from the ${shared.series} series`,
  };
  return { cards: artworkCards(), options: galleryFilterOptions(), shareImage };
}

// Filtering only changes the query string: recompute in the browser instead of refetching.
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;

const description = `The ${siteConfig.brand} catalogue: about 120 unique works on Solana and Ethereum, from the Maestro years to the Icaro series. Filter by chain, series and availability.`;

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({ title: pageTitle("Artworks"), description, path: "/art", image: loaderData?.shareImage });

export default function Gallery({ loaderData }: Route.ComponentProps) {
  const { cards, options } = loaderData;
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const filters = filtersFromSearchParams(searchParams);
  const visible = useMemo(() => listArtworks([...cards], filters), [cards, filters]);
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

  const apply = (next: GalleryFilters, replace: boolean) =>
    setSearchParams(searchParamsFromFilters(next), { replace, preventScrollReset: true });
  const onSelect = (name: keyof GalleryFilters) => (event: FormEvent<HTMLSelectElement>) =>
    apply({ ...filters, [name]: event.currentTarget.value }, false);

  return (
    <main id="main" className="page">
      <div className={styles.head}>
        <h1>Artworks</h1>
        <p className={styles.count} aria-live="polite">
          {visible.length === 1 ? "1 work" : `${visible.length} works`}
        </p>
      </div>

      <Form ref={form} method="get" action="/art" className={styles.filters} role="search" aria-label="Filter artworks">
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

      {visible.length > 0 ? (
        <ul className={styles.grid}>
          {visible.map((card, index) => (
            <li key={`${card.id}-${card.slug}`}>
              <Link to={`/art/${card.slug}`} state={{ gallerySearch: location.search }} className={styles.card}>
                <Picture
                  collection="artworks"
                  name={card.image}
                  alt=""
                  sizes="(max-width: 1024px) calc(100vw - 32px), 580px"
                  priority={index === 0}
                  className={styles.image}
                />
                <h2 className={styles.title}>{card.title}</h2>
                <p className={styles.line}>
                  {card.year}. 1 of 1 original, {siteConfig.printSize}, {card.availability}.
                </p>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <div className={styles.empty}>
          <h2>No works match this view</h2>
          <p>
            {hasActiveFilters(filters)
              ? "Nothing in the catalogue fits every filter and the search together. Try fewer filters or another word."
              : "The catalogue is empty for now."}
          </p>
          <Link to="/art" className="button">
            Clear filters
          </Link>
        </div>
      )}
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
