import {
  defaultInterests,
  defaultMessage,
  type EnquiryDescriptor,
  type EnquiryFieldErrors,
  type EnquiryFieldName,
  type EnquiryValues,
  enquiryFieldNames,
  enquiryLimits,
  HONEYPOT_FIELD,
  interestLabels,
  interestValues,
  subjectChoices,
  subjectLabels,
  TOKEN_FIELD,
} from "#app/enquiries/enquiry-fields.ts";
import { AfterFirstPaintScript } from "../after-first-paint-script.tsx";
import styles from "./enquiry-form.module.css";
import enquiryScriptUrl from "./enquiry-form.script.js?url";

/** The address of the server-rendered form for a descriptor: where JavaScript-off visitors go. */
export function enquireHref(descriptor: Pick<EnquiryDescriptor, "subject" | "subjectRef">): string {
  const params = new URLSearchParams({ subject: descriptor.subject });
  if (descriptor.subjectRef) params.set("ref", descriptor.subjectRef);
  return `/enquire?${params}`;
}

interface EnquiryFormProps {
  descriptor: EnquiryDescriptor;
  /** The signed form token; absent on prerendered pages (the script fetches one). */
  token?: string;
  /** Typed values and errors of a refused form shown again (the /enquire page). */
  values?: EnquiryValues;
  errors?: EnquiryFieldErrors;
  /** A refusal that is not about one field. */
  formError?: string;
  /**
   * "closed": a button opens the form in place (the script), or leads to /enquire without
   * JavaScript. "open": the form is shown at once.
   */
  display: "closed" | "open";
  /** The button's words when closed: "Enquire about this work". */
  openLabel?: string;
  /** Said in place once the enquiry is stored (who replies and when). */
  confirmation: string;
  /**
   * Where the form posts without JavaScript, and where the script sends it: a viewing room's
   * own addresses (issue 22), so its enquiries carry the room. Default /enquire and /api/enquiries.
   */
  postTo?: { page: string; api: string };
  /** Where "Enquire" leads without JavaScript when the form starts closed; default /enquire?... */
  openHref?: string;
}

/**
 * The one enquiry form (issue 21, decision 032). It posts to /enquire, which works without
 * JavaScript; enquiry-form.script.js (rendered once per page by EnquiryScript) sends it to
 * /api/enquiries instead and confirms in place. Plain markup, no React state: the same form
 * works on pages that never start React.
 */
export function EnquiryForm({
  descriptor,
  token,
  values,
  errors = {},
  formError,
  display,
  openLabel,
  confirmation,
  postTo,
  openHref,
}: EnquiryFormProps) {
  const id = `enquiry-${descriptor.subject}${descriptor.subjectRef ? `-${descriptor.subjectRef}` : ""}`;
  const subject = values?.subject ?? descriptor.subject;
  const interests = values?.interests ?? defaultInterests(descriptor);
  // Without JavaScript the server's page is all there is: autofocus takes focus to the first error.
  const firstError = enquiryFieldNames.find((name) => errors[name]);
  const fieldProps = (name: EnquiryFieldName, hint?: boolean) => ({
    id: `${id}-${name}`,
    name,
    autoFocus: name === firstError ? true : undefined,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": [hint ? `${id}-${name}-hint` : "", `${id}-${name}-error`].filter(Boolean).join(" "),
  });
  const errorFor = (name: EnquiryFieldName) => (
    <p id={`${id}-${name}-error`} className={styles.error} data-error-for={name}>
      {errors[name] ?? ""}
    </p>
  );
  return (
    <div className={styles.enquiry} data-enquiry data-confirmation={confirmation}>
      {display === "closed" ? (
        <a href={openHref ?? enquireHref(descriptor)} className="button" data-enquiry-open aria-controls={`${id}-form`}>
          {openLabel}
        </a>
      ) : null}
      <form
        id={`${id}-form`}
        method="post"
        action={postTo?.page ?? "/enquire"}
        data-enquiry-api={postTo?.api}
        className={styles.form}
        hidden={display === "closed"}
        data-enquiry-form
        aria-label={`Enquiry: ${descriptor.subjectTitle}`}
        noValidate
      >
        {descriptor.sold ? (
          <p className={styles.note}>
            “{descriptor.subjectTitle}” is in a collection. Ask about similar works, or about a commission in the same
            spirit.
          </p>
        ) : null}
        <p className={styles.lead}>
          Nothing is needed but your name, email and message; your details go to the studio only.
        </p>
        <div
          className={styles.formError}
          data-form-error
          tabIndex={-1}
          role={formError ? "alert" : undefined}
          // biome-ignore lint/a11y/noAutofocus: only on a form sent back with a refusal, where focus belongs
          autoFocus={formError && !firstError ? true : undefined}
        >
          {formError ?? ""}
        </div>
        <input type="hidden" name={TOKEN_FIELD} defaultValue={token ?? ""} />
        <input type="hidden" name="source" defaultValue={descriptor.sourcePath} />
        {descriptor.subjectRef ? <input type="hidden" name="ref" defaultValue={descriptor.subjectRef} /> : null}
        <div className={styles.honeypot} aria-hidden="true">
          <label htmlFor={`${id}-${HONEYPOT_FIELD}`}>Leave this empty</label>
          <input
            id={`${id}-${HONEYPOT_FIELD}`}
            type="text"
            name={HONEYPOT_FIELD}
            tabIndex={-1}
            autoComplete="off"
            defaultValue=""
          />
        </div>
        <div className={styles.row}>
          <div className={styles.field}>
            <label htmlFor={`${id}-name`}>Your name</label>
            <input
              {...fieldProps("name")}
              type="text"
              autoComplete="name"
              required
              maxLength={enquiryLimits.name}
              defaultValue={values?.name ?? ""}
            />
            {errorFor("name")}
          </div>
          <div className={styles.field}>
            <label htmlFor={`${id}-email`}>Email</label>
            <input
              {...fieldProps("email")}
              type="email"
              autoComplete="email"
              required
              maxLength={enquiryLimits.email}
              defaultValue={values?.email ?? ""}
            />
            {errorFor("email")}
          </div>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-subject`}>What is it about?</label>
          <select {...fieldProps("subject")} defaultValue={subject}>
            {subjectChoices(descriptor.subject).map((value) => (
              <option key={value} value={value}>
                {value === descriptor.subject && descriptor.subjectRef ? descriptor.subjectTitle : subjectLabels[value]}
              </option>
            ))}
          </select>
          {errorFor("subject")}
        </div>
        <fieldset
          className={styles.interests}
          aria-describedby={`${id}-interests-error`}
          aria-invalid={errors.interests ? true : undefined}
        >
          <legend>What would you like to know? (optional)</legend>
          <div className={styles.checks}>
            {interestValues.map((value) => (
              <label key={value} className={styles.check}>
                <input
                  type="checkbox"
                  name="interests"
                  value={value}
                  defaultChecked={interests.includes(value)}
                  // biome-ignore lint/a11y/noAutofocus: only on a form sent back with this field's error
                  autoFocus={firstError === "interests" && value === interestValues[0] ? true : undefined}
                />
                <span>{interestLabels[value]}</span>
              </label>
            ))}
          </div>
          {errorFor("interests")}
        </fieldset>
        <div className={styles.field}>
          <label htmlFor={`${id}-message`}>Message</label>
          <textarea
            {...fieldProps("message", true)}
            rows={5}
            required
            maxLength={enquiryLimits.message}
            defaultValue={values?.message ?? defaultMessage(descriptor)}
          />
          <p id={`${id}-message-hint`} className={styles.hint}>
            Edit it as you like; up to {enquiryLimits.message.toLocaleString("en-US")} characters.
          </p>
          {errorFor("message")}
        </div>
        <div className={styles.row}>
          <div className={styles.field}>
            <label htmlFor={`${id}-location`}>Where you are (optional)</label>
            <input
              {...fieldProps("location", true)}
              type="text"
              autoComplete="address-level2"
              maxLength={enquiryLimits.location}
              defaultValue={values?.location ?? ""}
            />
            <p id={`${id}-location-hint`} className={styles.hint}>
              City and country, e.g. Melbourne, Australia
            </p>
            {errorFor("location")}
          </div>
          <div className={styles.field}>
            <label htmlFor={`${id}-phone`}>Phone (optional)</label>
            <input
              {...fieldProps("phone", true)}
              type="tel"
              autoComplete="tel"
              maxLength={enquiryLimits.phone}
              defaultValue={values?.phone ?? ""}
            />
            <p id={`${id}-phone-hint`} className={styles.hint}>
              If you would like a call back
            </p>
            {errorFor("phone")}
          </div>
        </div>
        <div className={styles.actions}>
          <button type="submit" className="button">
            Send enquiry
          </button>
        </div>
      </form>
      <div className={styles.status} role="status" aria-live="polite" data-enquiry-status />
    </div>
  );
}

/** The form's small script, once per page that shows a form (decision 011: a file, no React). */
export function EnquiryScript() {
  // An "Enquire" tapped before the file has run opens the form in place once it has.
  return (
    <AfterFirstPaintScript
      src={enquiryScriptUrl}
      keepClicksOn={{ selector: "[data-enquiry-open]", readyFlag: "umbraEnquiry" }}
    />
  );
}
