import { withPostedFormStyles } from "#app/components/forms/posted-form.tsx";
import type { ManageAnswer, ManagePageData } from "#app/subscriptions/manage-page.server.ts";
import { MANAGE_WORDING } from "#app/subscriptions/subscription-words.ts";
import ownStyles from "./subscribe-form.module.css";

const styles = withPostedFormStyles(ownStyles);

/** The manage page: the address, its topics as checkboxes, Save and Leave (issue 41). */
export function ManageTopics({ view: data, answer }: { view: ManagePageData; answer?: ManageAnswer }) {
  if (!data.ok) {
    return (
      <main id="main" className="page">
        <p className="eyebrow">Your subscription</p>
        <h1>This link did not work</h1>
        <p>{data.problem}</p>
        <p>
          <a href="/subscribe" className="button">
            Subscribe again
          </a>
        </p>
      </main>
    );
  }
  const view = answer?.view ?? data.view;
  return (
    <main id="main" className="page">
      <p className="eyebrow">Your subscription</p>
      <h1>{view.status === "left" ? "You are not subscribed" : "Your topics"}</h1>
      <p>
        Mail goes to <strong>{view.address}</strong>.
      </p>
      {answer ? (
        // biome-ignore lint/a11y/noAutofocus: the answer to the form just sent
        <p role={answer.status === 200 ? "status" : "alert"} tabIndex={-1} autoFocus className={styles.status}>
          {answer.message}
        </p>
      ) : null}
      <form method="post" className={styles.form}>
        <fieldset className={styles.topics}>
          <legend>Topics</legend>
          {view.topics.map((topic) => (
            <label key={topic.key} className={styles.topic}>
              <input
                type="checkbox"
                name="topics"
                value={topic.key}
                defaultChecked={topic.subscribed || topic.waiting}
              />
              <span>
                {topic.label}
                {topic.waiting ? " (waiting for your confirmation)" : ""}
              </span>
            </label>
          ))}
        </fieldset>
        <p className={styles.consent}>{MANAGE_WORDING}</p>
        <div className={styles.actions}>
          <button type="submit" name="intent" value="save" className="button">
            Save topics
          </button>
          <button type="submit" name="intent" value="leave" className="button button-ghost">
            Leave entirely
          </button>
        </div>
      </form>
    </main>
  );
}
