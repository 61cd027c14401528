import type { ReactNode } from "react";
import { ErrorList } from "#app/components/forms/error-list.tsx";
import { Field } from "#app/components/forms/field.tsx";
import { type ControlProps, fieldIds } from "#app/components/forms/field-ids.ts";
import { withPostedFormStyles } from "#app/components/forms/posted-form.tsx";
import {
  defaultInterests,
  defaultMessage,
  type EnquiryDescriptor,
  type EnquiryFieldErrors,
  type EnquiryFieldName,
  type EnquiryValues,
  enquiryLimits,
  interestLabels,
  interestValues,
  subjectChoices,
  subjectLabels,
} from "#app/enquiries/enquiry-fields.ts";
import ownStyles from "./enquiry-form.module.css";

const styles = withPostedFormStyles(ownStyles);

/** What every field of one enquiry form draws from. */
export interface EnquiryFieldsProps {
  /** The form's id prefix: a field's id is `<formId>-<name>` (several forms share a page). */
  formId: string;
  descriptor: EnquiryDescriptor;
  values?: EnquiryValues;
  errors: EnquiryFieldErrors;
  /** The first field with an error: it takes focus on load (the page without JavaScript). */
  firstError?: EnquiryFieldName;
}

/** The enquiry's fields, in the order a visitor meets them. */
export function EnquiryFields(props: EnquiryFieldsProps) {
  const { descriptor, values } = props;
  return (
    <>
      <div className={styles.row}>
        <EnquiryField {...props} name="name" label="Your name">
          {(control) => (
            <input
              {...control}
              type="text"
              autoComplete="name"
              required
              maxLength={enquiryLimits.name}
              defaultValue={values?.name ?? ""}
            />
          )}
        </EnquiryField>
        <EnquiryField {...props} name="email" label="Email">
          {(control) => (
            <input
              {...control}
              type="email"
              autoComplete="email"
              required
              maxLength={enquiryLimits.email}
              defaultValue={values?.email ?? ""}
            />
          )}
        </EnquiryField>
      </div>
      <EnquiryField {...props} name="subject" label="What is it about?">
        {(control) => (
          <select {...control} defaultValue={values?.subject ?? descriptor.subject}>
            {subjectChoices(descriptor.subject).map((value) => (
              <option key={value} value={value}>
                {value === descriptor.subject && descriptor.subjectRef ? descriptor.subjectTitle : subjectLabels[value]}
              </option>
            ))}
          </select>
        )}
      </EnquiryField>
      <InterestChecks {...props} />
      <EnquiryField
        {...props}
        name="message"
        label="Message"
        hint={`Edit it as you like; up to ${enquiryLimits.message.toLocaleString("en-US")} characters.`}
      >
        {(control) => (
          <textarea
            {...control}
            rows={5}
            required
            maxLength={enquiryLimits.message}
            defaultValue={values?.message ?? defaultMessage(descriptor)}
          />
        )}
      </EnquiryField>
      <div className={styles.row}>
        <EnquiryField
          {...props}
          name="location"
          label="Where you are (optional)"
          hint="City and country, e.g. Melbourne, Australia"
        >
          {(control) => (
            <input
              {...control}
              type="text"
              autoComplete="address-level2"
              maxLength={enquiryLimits.location}
              defaultValue={values?.location ?? ""}
            />
          )}
        </EnquiryField>
        <EnquiryField {...props} name="phone" label="Phone (optional)" hint="If you would like a call back">
          {(control) => (
            <input
              {...control}
              type="tel"
              autoComplete="tel"
              maxLength={enquiryLimits.phone}
              defaultValue={values?.phone ?? ""}
            />
          )}
        </EnquiryField>
      </div>
    </>
  );
}

type NamedControlProps = ControlProps & { name: EnquiryFieldName; autoFocus: true | undefined };

/**
 * One enquiry field through the form kit. Its error slot stays in the page while empty:
 * posted-form.script.js finds it by data-error-for and fills it in place.
 */
function EnquiryField({
  formId,
  errors,
  firstError,
  name,
  label,
  hint,
  children,
}: EnquiryFieldsProps & {
  name: EnquiryFieldName;
  label: string;
  hint?: string;
  children: (control: NamedControlProps) => ReactNode;
}) {
  return (
    <Field
      label={label}
      hint={hint}
      id={`${formId}-${name}`}
      errors={errors[name]}
      keepErrorSlot
      errorProps={{ "data-error-for": name }}
      className={styles.field}
      hintClassName={styles.hint}
      errorClassName={styles.error}
    >
      {(control) => children({ ...control, name, autoFocus: name === firstError ? true : undefined })}
    </Field>
  );
}

/** The optional interests: a group of checkboxes, described and marked invalid as one field. */
function InterestChecks({ formId, descriptor, values, errors, firstError }: EnquiryFieldsProps) {
  const interests = values?.interests ?? defaultInterests(descriptor);
  const ids = fieldIds({ id: `${formId}-interests`, errors: errors.interests, keepErrorSlot: true });
  return (
    <fieldset className={styles.interests} {...ids.control}>
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
      <ErrorList id={ids.errorId} errors={ids.messages} keepSlot className={styles.error} data-error-for="interests" />
    </fieldset>
  );
}
