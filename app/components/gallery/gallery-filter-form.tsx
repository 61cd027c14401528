import { type FormEvent, useEffect, useRef, useState } from "react";
import { Form } from "react-router";
import { activeFilterCount, filtersFromSearchParams, type GalleryFilters } from "#app/catalogue/artwork-list.ts";
import { GALLERY_PAGE_SIZE } from "#app/catalogue/gallery-paging.ts";
import styles from "./gallery.module.css";

type FilterOptions = Record<"availability" | "chain" | "series", readonly { value: string; label: string }[]>;

/**
 * The gallery's filter bar: availability, chain, series, sort and search (SPEC.md), a GET form
 * to /art that works as HTML first. Once React runs (decision 011), every change applies at once
 * through `apply`, and choices made before React started are applied rather than dropped.
 */
export function GalleryFilterForm({
  filters,
  options,
  per,
  apply,
}: {
  filters: GalleryFilters;
  options: FilterOptions;
  per: number;
  apply: (chosen: GalleryFilters, replace: boolean) => void;
}) {
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
  // A second choice made before the first one's navigation has reached the URL builds on the
  // first, not on the URL's filters, which do not have it yet (a series, then a sort, lost the series).
  const pending = useRef<{ from: string; chosen: GalleryFilters } | null>(null);
  const choose = (change: Partial<GalleryFilters>, replace: boolean) => {
    const from = JSON.stringify(filters);
    const base = pending.current?.from === from ? pending.current.chosen : filters;
    const chosen = { ...base, ...change };
    pending.current = { from, chosen };
    apply(chosen, replace);
  };
  const onSelect = (name: keyof GalleryFilters) => (event: FormEvent<HTMLSelectElement>) =>
    choose({ [name]: event.currentTarget.value }, false);

  return (
    <>
      <FilterToggle active={activeFilterCount(filters)} />
      <Form
        ref={form}
        id="gallery-filters"
        method="get"
        action="/art"
        className={styles.filters}
        role="search"
        aria-label="Filter artworks"
      >
        {per === GALLERY_PAGE_SIZE ? null : <input type="hidden" name="per" value={per} />}
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
        <SortSelect yearSort={filters.yearSort} onChange={(yearSort) => choose({ yearSort }, false)} />
        <SearchRow
          text={searchText}
          withApply={!enhanced}
          onChange={(text) => {
            setSearchText(text);
            choose({ search: text }, true);
          }}
        />
      </Form>
    </>
  );
}

/**
 * Below 960 px the five controls wait behind this button, so a whole work is on the first
 * screen. A <details> opens without JavaScript (and before hydration); the form is its sibling,
 * shown by CSS, so wide screens keep the bar whatever the button's state.
 */
function FilterToggle({ active }: { active: number }) {
  return (
    <details className={styles.filterToggle}>
      <summary
        className="button button-ghost"
        aria-controls="gallery-filters"
        aria-label={active > 0 ? `Filter (${active} active)` : "Filter (none active)"}
      >
        {active > 0 ? `Filter (${active})` : "Filter"}
      </summary>
    </details>
  );
}

function SortSelect({
  yearSort,
  onChange,
}: {
  yearSort: GalleryFilters["yearSort"];
  onChange: (yearSort: GalleryFilters["yearSort"]) => void;
}) {
  return (
    <label className={styles.field}>
      <span>Sort by year</span>
      <select
        name="sort"
        value={yearSort === "asc" ? "oldest" : "newest"}
        onChange={(event) => onChange(event.currentTarget.value === "oldest" ? "asc" : "desc")}
      >
        <option value="newest">Newest First</option>
        <option value="oldest">Oldest First</option>
      </select>
    </label>
  );
}

/**
 * The search box, and the Apply button a form without JavaScript needs. The button shares the
 * search row, so when it goes at hydration only the search box widens and nothing below moves.
 */
function SearchRow({
  text,
  withApply,
  onChange,
}: {
  text: string;
  withApply: boolean;
  onChange: (text: string) => void;
}) {
  return (
    <div className={styles.searchRow}>
      <label className={styles.field}>
        <span>Search</span>
        <input
          type="search"
          name="q"
          placeholder="Search titles..."
          value={text}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      </label>
      {withApply ? (
        <button type="submit" className="button">
          Apply
        </button>
      ) : null}
    </div>
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
