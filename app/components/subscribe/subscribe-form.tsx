import { ErrorSummary } from "#app/components/forms/error-summary.tsx";
import { Field } from "#app/components/forms/field.tsx";
import { ScreeningFields, withPostedFormStyles } from "#app/components/forms/posted-form.tsx";
import { CONSENT_WORDING, type OfferedTopic, subscribeFields } from "#app/subscriptions/subscription-words.ts";
import ownStyles from "./subscribe-form.module.css";

const styles = withPostedFormStyles(ownStyles);

interface SubscribeFormProps {
  /** Makes the ids unique when a page shows more than one form. */
  id: string;
  heading: string;
  /** The topics offered, as checkboxes. */
  topics: readonly OfferedTopic[];
  /** Checked at first (a page offering one topic checks it). */
  checked?: readonly string[];
  /** The site path the form is on: stored with the consent. */
  source: string;
  /** The signed form token; absent on prerendered pages (the script fetches one). */
  token?: string;
  /** A refused form shown again (the /subscribe page without JavaScript). */
  values?: { email: string; topics: string[] };
  formError?: string;
  fieldError?: string;
}

/**
 * The one subscribe form (issue 41): plain markup posting to /subscribe, which works without
 * JavaScript; posted-form.script.js (PostedFormScript, once per page) sends it to
 * /api/subscriptions instead and answers in place. The consent wording shown is the one the
 * server stores.
 */
export function SubscribeForm({
  id,
  heading,
  topics,
  checked,
  source,
  token,
  values,
  formError,
  fieldError,
}: SubscribeFormProps) {
  const chosen = new Set(values?.topics ?? checked ?? (topics.length === 1 ? topics.map((t) => t.key) : []));
  const emailId = `${id}-email`;
  return (
    <section className={styles.subscribe} aria-labelledby={`${id}-heading`} data-subscribe>
      <h2 id={`${id}-heading`} className={styles.heading}>
        {heading}
      </h2>
      <form method="post" action="/subscribe" className={styles.form} data-subscribe-form noValidate>
        <ErrorSummary
          className={styles.formError}
          data-form-error
          message={fieldError ? undefined : formError}
          problems={fieldError ? [{ fieldId: emailId, message: fieldError }] : []}
          focusOnLoad={Boolean(formError) && !fieldError}
        />
        <ScreeningFields formId={id} token={token} />
        <input type="hidden" name={subscribeFields.source} defaultValue={source} />
        <fieldset className={styles.topics}>
          <legend>Topics</legend>
          {topics.map((topic) => (
            <label key={topic.key} className={styles.topic}>
              <input
                type="checkbox"
                name={subscribeFields.topics}
                value={topic.key}
                defaultChecked={chosen.has(topic.key)}
              />
              <span>{topic.label}</span>
            </label>
          ))}
        </fieldset>
        <Field
          id={emailId}
          label="Email address"
          errors={fieldError ? [fieldError] : undefined}
          keepErrorSlot
          errorProps={{ "data-error-for": subscribeFields.address }}
          className={styles.field}
          errorClassName={styles.error}
        >
          {(control) => (
            <input
              {...control}
              type="email"
              name={subscribeFields.address}
              autoComplete="email"
              maxLength={254}
              required
              defaultValue={values?.email ?? ""}
              // biome-ignore lint/a11y/noAutofocus: only on a form sent back with a problem in this field
              autoFocus={fieldError ? true : undefined}
            />
          )}
        </Field>
        <p className={styles.consent}>{CONSENT_WORDING}</p>
        <div className={styles.actions}>
          <button type="submit" className="button">
            Subscribe
          </button>
        </div>
      </form>
      <div className={styles.status} role="status" aria-live="polite" data-subscribe-status />
    </section>
  );
}
