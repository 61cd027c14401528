import { Form, Link } from "react-router";
import studio from "#app/admin/studio.module.css";
import { subscriberListHref } from "./subscriber-list-href.ts";
import styles from "./subscribers.module.css";
import type { SubscribersPage } from "./subscribers-page.server.ts";

const statusWords = { pending: "Waiting", confirmed: "Confirmed", left: "Left" } as const;

/** The search by address (and status), the list of subscribers, and the way to older ones. */
export function SubscriberList({ page }: { page: SubscribersPage }) {
  const { filter, subscribers } = page;
  const filtered = Boolean(filter.q || filter.status || filter.topic || filter.before);
  return (
    <section aria-labelledby="list-heading" className={studio.panel}>
      <h2 id="list-heading" className={studio.sectionTitle}>
        Subscribers{page.filterTopic ? ` of ${page.filterTopic}` : ""}
      </h2>
      <Form method="get" className={styles.search} role="search" aria-label="Subscribers">
        {filter.topic ? <input type="hidden" name="topic" value={filter.topic} /> : null}
        <label className={studio.field}>
          Search by address
          <input type="search" name="q" defaultValue={filter.q} maxLength={254} autoComplete="off" />
        </label>
        <label className={studio.field}>
          Status
          <select name="status" defaultValue={filter.status ?? ""}>
            <option value="">Any</option>
            <option value="confirmed">Confirmed</option>
            <option value="pending">Waiting for confirmation</option>
            <option value="left">Left</option>
          </select>
        </label>
        <button type="submit" className="button button-ghost">
          Search
        </button>
        {filtered ? (
          <Link to="/admin/subscribers" className={studio.textLink}>
            Show everyone
          </Link>
        ) : null}
      </Form>
      {subscribers.length === 0 ? (
        <p className={studio.empty}>{filtered ? "No subscriber matches." : "No one has subscribed yet."}</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={`${styles.table} ${styles.stacked}`} aria-label="Subscribers, newest first">
            <thead>
              <tr>
                <th scope="col">Address</th>
                <th scope="col">Status</th>
                <th scope="col">Topics</th>
                <th scope="col">Since</th>
                <th scope="col">
                  <span className="visually-hidden">Change</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {subscribers.map((person) => (
                <SubscriberRow key={person.id} person={person} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {page.olderFrom ? (
        <p>
          <Link to={subscriberListHref(filter, { before: page.olderFrom })} className={studio.textLink}>
            Older subscribers →
          </Link>
        </p>
      ) : null}
    </section>
  );
}

/** One subscriber: address, status, topics, since when, and Remove and Forget. */
function SubscriberRow({ person }: { person: SubscribersPage["subscribers"][number] }) {
  return (
    <tr>
      <th scope="row" className={styles.address}>
        {person.address}
      </th>
      <td>
        <span className={`${studio.chip} ${person.status === "confirmed" ? styles.reaching : ""}`}>
          {statusWords[person.status]}
        </span>
      </td>
      <td>
        <TopicWords topics={person.topics} waiting={person.waiting} />
      </td>
      {person.status === "left" && person.leftOn ? (
        <td className={styles.date}>Left {person.leftOn}</td>
      ) : (
        <td data-label="Since" className={styles.date}>
          {person.since}
        </td>
      )}
      <td>
        <div className={styles.rowButtons}>
          {person.status === "left" ? null : (
            <Form method="post" className={styles.inlineForm}>
              <input type="hidden" name="id" value={person.id} />
              <button
                type="submit"
                name="intent"
                value="remove"
                className="button button-ghost"
                aria-label={`Remove ${person.address}`}
              >
                Remove
              </button>
            </Form>
          )}
          <Link
            to={`/admin/subscribers/forget?email=${encodeURIComponent(person.address)}`}
            className={studio.textLink}
            aria-label={`Forget ${person.address}`}
          >
            Forget
          </Link>
        </div>
      </td>
    </tr>
  );
}

function TopicWords({ topics, waiting }: { topics: string[]; waiting: string[] }) {
  if (topics.length === 0 && waiting.length === 0) return <span className={styles.muted}>None</span>;
  return (
    <>
      {topics.join(", ")}
      {waiting.length > 0 ? (
        <span className={styles.muted}>
          {topics.length > 0 ? "; " : ""}waiting: {waiting.join(", ")}
        </span>
      ) : null}
    </>
  );
}
