import studio from "#app/admin/studio.module.css";
import type { RoomFieldErrors } from "./room-field-errors.tsx";
import { ROOM_LIMITS, type RoomFormWork, type WorkChoice } from "./room-form.ts";
import type { useWorkSearch } from "./use-work-search.ts";
import sharedStyles from "./viewing-rooms.module.css";
import styles from "./work-search.module.css";

/** The catalogue search under the room's works, and the works it found, each with its Add button. */
export function WorkSearch({
  search,
  works,
  addWork,
  hydrated,
  fields,
}: {
  search: ReturnType<typeof useWorkSearch>;
  works: RoomFormWork[];
  addWork: (choice: WorkChoice) => void;
  hydrated: boolean;
  fields: RoomFieldErrors;
}) {
  const { results } = search;
  return (
    <>
      <search className={styles.search} aria-label="Find works in the catalogue">
        <label className={`${studio.field} ${sharedStyles.grow}`}>
          <span>Find works by title or series</span>
          <input
            type="search"
            name="search"
            value={search.search}
            maxLength={ROOM_LIMITS.search}
            data-focus-key="search"
            onChange={(event) => search.setSearch(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter" && hydrated) {
                event.preventDefault();
                search.runSearch();
              }
            }}
            {...fields.props("search")}
          />
          {fields.error("search")}
        </label>
        <button
          type="submit"
          name="intent"
          value="search"
          className="button button-ghost"
          onClick={(event) => {
            if (!hydrated) return;
            event.preventDefault();
            search.runSearch();
          }}
        >
          Find
        </button>
      </search>
      {results && results.length > 0 ? (
        <ul className={styles.results} aria-label="Works found">
          {results.map((choice) => {
            const added = works.some((work) => work.slug === choice.slug);
            return (
              <li key={choice.slug} className={styles.result}>
                <span>
                  <span className={sharedStyles.workTitle}>{choice.title}</span>{" "}
                  <span className={studio.hint}>
                    {choice.series} · {choice.year}
                  </span>
                </span>
                <button
                  type="submit"
                  name="intent"
                  value={`add:${choice.slug}`}
                  className="button button-ghost"
                  disabled={added}
                  aria-label={added ? `${choice.title} is in the room` : `Add ${choice.title}`}
                  onClick={(event) => {
                    if (!hydrated) return;
                    event.preventDefault();
                    addWork(choice);
                  }}
                >
                  {added ? "Added" : "Add"}
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </>
  );
}
