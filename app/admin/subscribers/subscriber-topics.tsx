import { Form, Link } from "react-router";
import studio from "#app/admin/studio.module.css";
import { Field } from "#app/components/forms/field.tsx";
import type { TopicCount } from "#app/subscriptions/subscriber-records.server.ts";
import type { SubscriberRefusalData } from "./subscriber-actions.server.ts";
import { subscriberListHref } from "./subscriber-list-href.ts";
import styles from "./subscribers.module.css";
import type { TopicChoice } from "./topic-choices.ts";

const kindWords = { standing: "Standing", series: "Series", work: "Work" } as const;

/** Every topic with who it reaches and who waits, open or closed, and the buttons that change that. */
export function SubscriberTopics({ topics }: { topics: TopicCount[] }) {
  return (
    <div className={styles.tableWrap}>
      <table className={`${styles.table} ${styles.stacked}`} aria-label="Topics and their subscribers">
        <thead>
          <tr>
            <th scope="col">Topic</th>
            <th scope="col">Confirmed</th>
            <th scope="col">Waiting for confirmation</th>
            <th scope="col">Offered</th>
            <th scope="col">
              <span className="visually-hidden">Change</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {topics.map((topic) => (
            <tr key={topic.key}>
              <th scope="row">
                <Link to={subscriberListHref({ q: "", topic: topic.key })} className={styles.topicName}>
                  {topic.label}
                </Link>
                <span className={styles.muted}> {kindWords[topic.kind as keyof typeof kindWords] ?? topic.kind}</span>
              </th>
              <td data-label="Confirmed">{topic.confirmed}</td>
              <td data-label="Waiting">{topic.waiting}</td>
              <td>
                <span className={`${studio.chip} ${topic.open ? styles.reaching : ""}`}>
                  {topic.open ? "Open" : "Closed"}
                </span>
              </td>
              <td>
                <Form method="post" className={styles.inlineForm}>
                  <input type="hidden" name="topic" value={topic.key} />
                  <button
                    type="submit"
                    name="intent"
                    value={topic.open ? "close-topic" : "reopen-topic"}
                    className="button button-ghost"
                    aria-label={`${topic.open ? "Close" : "Reopen"} ${topic.label}`}
                  >
                    {topic.open ? "Close" : "Reopen"}
                  </button>
                </Form>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Opens a topic for a series or a work of the catalogue (ones with a topic already are not
 * offered: reopen those above). The label is what visitors read; left empty, the default.
 */
export function OpenTopicForm({
  choices,
  refused,
}: {
  choices: { series: TopicChoice[]; works: TopicChoice[] };
  refused?: SubscriberRefusalData["refused"];
}) {
  const mine = refused?.intent === "open-topic" ? refused : undefined;
  return (
    <Form method="post" className={styles.openForm} aria-labelledby="open-topic-heading">
      <h3 id="open-topic-heading">Open a topic for a series or a work</h3>
      {mine ? (
        <p className={styles.refused} role="alert">
          {mine.message}
        </p>
      ) : null}
      <Field label="Series or work" className={studio.field}>
        {(control) => (
          <select {...control} name="target" required defaultValue={mine?.values.target ?? ""}>
            <option value="" disabled>
              Choose…
            </option>
            <optgroup label="Series">
              {choices.series.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.name}
                </option>
              ))}
            </optgroup>
            <optgroup label="Works">
              {choices.works.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.name}
                </option>
              ))}
            </optgroup>
          </select>
        )}
      </Field>
      <Field
        label="What visitors read"
        hint="Leave empty for “Notify me when a print of <title> is available”, or “<Series> prints”."
        className={studio.field}
      >
        {(control) => <input {...control} name="label" maxLength={200} defaultValue={mine?.values.label ?? ""} />}
      </Field>
      <button type="submit" name="intent" value="open-topic" className="button">
        Open Topic
      </button>
    </Form>
  );
}
