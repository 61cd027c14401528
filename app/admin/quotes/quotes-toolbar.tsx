import type { QuoteCounts, VisibilityFilter } from "#app/quotes/quote-views.ts";
import styles from "./quotes-toolbar.module.css";

const visibilityFilters: ReadonlyArray<{ value: VisibilityFilter; label: string }> = [
  { value: "all", label: "All" },
  { value: "public", label: "Public" },
  { value: "hidden", label: "Hidden" },
];

/** The quote list's filters (all, public, hidden, each with its count) and its search field. */
export function QuotesToolbar({
  filter,
  onFilter,
  counts,
  search,
  onSearch,
}: {
  filter: VisibilityFilter;
  onFilter: (filter: VisibilityFilter) => void;
  counts: QuoteCounts;
  search: string;
  onSearch: (search: string) => void;
}) {
  return (
    <div className={styles.toolbar}>
      <fieldset className={styles.filters}>
        <legend className="visually-hidden">Show</legend>
        {visibilityFilters.map(({ value, label }) => (
          <button
            key={value}
            type="button"
            className={styles.filter}
            aria-pressed={filter === value}
            onClick={() => onFilter(value)}
          >
            {label} <span className={styles.count}>{counts[value].toLocaleString("en-US")}</span>
          </button>
        ))}
      </fieldset>
      <label className={styles.search}>
        <span className="visually-hidden">Search quotes</span>
        <input
          type="search"
          placeholder="Search quotes..."
          value={search}
          onChange={(event) => onSearch(event.target.value)}
        />
      </label>
    </div>
  );
}
