import { ErrorSummary } from "#app/components/forms/error-summary.tsx";
import { ScreeningFields, withPostedFormStyles } from "#app/components/forms/posted-form.tsx";
import {
  type EnquiryDescriptor,
  type EnquiryFieldErrors,
  type EnquiryValues,
  enquiryFieldNames,
} from "#app/enquiries/enquiry-fields.ts";
import { EnquiryFields } from "./enquiry-fields.tsx";
import ownStyles from "./enquiry-form.module.css";

const styles = withPostedFormStyles(ownStyles);

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
 * JavaScript; posted-form.script.js (rendered once per page by PostedFormScript) sends it to
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
  // Without JavaScript the server's page is all there is: autofocus takes focus to the first error.
  const firstError = enquiryFieldNames.find((name) => errors[name]);
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
        <EnquiryLead descriptor={descriptor} />
        <ErrorSummary
          className={styles.formError}
          data-form-error
          message={formError}
          problems={enquiryFieldNames.flatMap((name) => {
            const message = errors[name];
            return message ? [{ fieldId: `${id}-${name}`, message }] : [];
          })}
          focusOnLoad={Boolean(formError) && !firstError}
        />
        <HiddenInputs formId={id} descriptor={descriptor} token={token} />
        <EnquiryFields formId={id} descriptor={descriptor} values={values} errors={errors} firstError={firstError} />
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

/** What the form says before its fields: a sold work's note, and what is needed. */
function EnquiryLead({ descriptor }: { descriptor: EnquiryDescriptor }) {
  return (
    <>
      {descriptor.sold ? (
        <p className={styles.note}>
          “{descriptor.subjectTitle}” is in a collection. Ask about similar works, or about a commission in the same
          spirit.
        </p>
      ) : null}
      <p className={styles.lead}>
        Nothing is needed but your name, email and message; your details go to the studio only.
      </p>
    </>
  );
}

/** The form token and the bots' honeypot, where it was sent from, and the work it is about. */
function HiddenInputs({
  formId,
  descriptor,
  token,
}: {
  formId: string;
  descriptor: EnquiryDescriptor;
  token?: string;
}) {
  return (
    <>
      <ScreeningFields formId={formId} token={token} />
      <input type="hidden" name="source" defaultValue={descriptor.sourcePath} />
      {descriptor.subjectRef ? <input type="hidden" name="ref" defaultValue={descriptor.subjectRef} /> : null}
    </>
  );
}
