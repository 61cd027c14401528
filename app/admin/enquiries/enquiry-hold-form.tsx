import { Form, Link } from "react-router";
import styles from "#app/admin/editions/editions.module.css";
import studio from "#app/admin/studio.module.css";
import { Field } from "#app/components/forms/field.tsx";
import type { EnquiryHoldAnswer, EnquiryHoldOffer } from "./enquiry-hold.server.ts";

/**
 * "Hold a print for this collector": on an enquiry about a work that has an edition, holds the
 * print chosen until a day for the person who wrote (their name, email and this enquiry go on
 * the hold). A plain POST form; the ledger's refusal is said above it, with the choice kept.
 */
export function EnquiryHoldForm({ offer, answer }: { offer: EnquiryHoldOffer; answer?: EnquiryHoldAnswer["hold"] }) {
  const kept = answer && !answer.ok ? answer : undefined;
  return (
    <section aria-labelledby="hold-heading" className={studio.panel}>
      <h2 id="hold-heading" className={studio.sectionTitle}>
        Hold a print for this collector
      </h2>
      <p>
        {offer.workTitle}: {offer.line}. <Link to={`/admin/editions/${offer.workSlug}`}>Open the edition ledger</Link>
      </p>
      {offer.heldHere.length > 0 ? (
        <p>Held from this enquiry: {offer.heldHere.map((held) => `${held.label} until ${held.until}`).join("; ")}.</p>
      ) : null}
      {answer ? (
        <p className={answer.ok ? studio.live : styles.refused} role={answer.ok ? "status" : "alert"}>
          {answer.message}
        </p>
      ) : null}
      {offer.choices.length === 0 ? (
        <p className={studio.hint}>No print of this work is free to hold.</p>
      ) : (
        <Form method="post" aria-label="Hold a print for this collector" preventScrollReset>
          <input type="hidden" name="intent" value="hold-print" />
          <div className={styles.formGrid}>
            <Field label="Print" className={studio.field}>
              {(control) => (
                <select {...control} name="unit" defaultValue={kept?.unit ?? offer.choices[0]?.key}>
                  {offer.choices.map((choice) => (
                    <option key={choice.key} value={choice.key}>
                      {choice.label}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label="Hold until" hint="The end of that day (UTC)." className={studio.field}>
              {(control) => (
                <input
                  {...control}
                  type="date"
                  name="until"
                  required
                  defaultValue={kept?.until ?? offer.untilDefault}
                />
              )}
            </Field>
          </div>
          <button type="submit" className="button">
            Hold Print
          </button>
        </Form>
      )}
    </section>
  );
}
