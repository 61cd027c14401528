import { Form, Link } from "react-router";
import studio from "#app/admin/studio.module.css";
import styles from "./editions.module.css";
import type { EditionsOverview } from "./editions-overview.server.ts";

/** The editions screen's body: the search, each series' claimed prints, and every work with its edition. */
export function EditionsOverviewView({ overview, query }: { overview: EditionsOverview; query: string }) {
  return (
    <>
      <Form method="get" className={styles.search} role="search">
        <label className={studio.field}>
          Search by title
          <input type="search" name="q" defaultValue={query} maxLength={200} />
        </label>
        <button type="submit" className="button button-ghost">
          Search
        </button>
        {query ? (
          <Link to="/admin/editions" className={studio.textLink}>
            Show all works
          </Link>
        ) : null}
      </Form>

      {overview.series.length > 0 ? (
        <section aria-labelledby="series-heading" className={studio.panel}>
          <h2 id="series-heading" className={studio.sectionTitle}>
            Series
          </h2>
          <ul className={styles.seriesList}>
            {overview.series.map((series) => (
              <li key={series.name}>
                {series.line}
                {series.notSet > 0 ? (
                  <span className={styles.muted}>
                    {" "}
                    ({series.notSet} work{series.notSet === 1 ? "" : "s"} not set)
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {overview.works.length === 0 ? (
        <p className={studio.empty}>No work’s title holds “{query}”.</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table} aria-label="Works and their editions, in catalogue order">
            <thead>
              <tr>
                <th scope="col" className={styles.thumbCell}>
                  <span className="visually-hidden">Picture</span>
                </th>
                <th scope="col">Work</th>
                <th scope="col">Series</th>
                <th scope="col">Edition</th>
              </tr>
            </thead>
            <tbody>
              {overview.works.map((work) => (
                <tr key={work.slug}>
                  <td className={styles.thumbCell}>
                    <img className={styles.thumb} src={work.thumbnail} alt="" loading="lazy" width={56} height={56} />
                  </td>
                  <td>
                    <Link to={`/admin/editions/${work.slug}`} className={styles.title}>
                      {work.title}
                    </Link>{" "}
                    <span className={styles.muted}>{work.year}</span>
                  </td>
                  <td>{work.seriesLabel}</td>
                  <td>
                    {work.line}
                    {work.proofs ? <span className={styles.muted}> · {work.proofs}</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
