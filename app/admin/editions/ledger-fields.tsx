import type { InputHTMLAttributes, ReactNode } from "react";
import { Form } from "react-router";
import studio from "#app/admin/studio.module.css";
import { Field } from "#app/components/forms/field.tsx";
import styles from "./editions.module.css";
import type { LedgerRefusalData } from "./ledger-answer.ts";

export type Refused = LedgerRefusalData["refused"] | undefined;
/** What was typed in a refused form, or nothing (the form shows its defaults). */
export type Typed = Record<string, string> | undefined;

/**
 * One change to the ledger: a plain POST form (it works before the page's script has loaded)
 * naming its intent and print, with the ledger's refusal above its fields when it was this
 * form that was refused; `children` are given what was typed then.
 */
export function LedgerForm({
  slug,
  intent,
  unit,
  refused,
  label,
  children,
}: {
  slug: string;
  intent: string;
  unit?: string;
  refused: Refused;
  label: string;
  children: (typed: Typed) => ReactNode;
}) {
  const mine = refused && refused.intent === intent && (refused.unit ?? undefined) === unit ? refused : undefined;
  return (
    <Form
      method="post"
      action={`/admin/editions/${slug}${unit ? `?unit=${encodeURIComponent(unit)}` : ""}`}
      aria-label={label}
      preventScrollReset
    >
      <input type="hidden" name="intent" value={intent} />
      {unit ? <input type="hidden" name="unit" value={unit} /> : null}
      {mine ? (
        <p className={styles.refused} role="alert">
          {mine.message}
        </p>
      ) : null}
      {children(mine?.values)}
    </Form>
  );
}

/** A labelled text input of the studio's look, from the form kit. */
export function TextField({
  label,
  hint,
  name,
  typed,
  initial = "",
  wide,
  ...input
}: {
  label: string;
  hint?: string;
  name: string;
  typed: Typed;
  initial?: string;
  wide?: boolean;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "defaultValue">) {
  return (
    <Field label={label} hint={hint} className={`${studio.field} ${wide ? styles.wide : ""}`}>
      {(control) => <input {...control} {...input} name={name} defaultValue={typed ? (typed[name] ?? "") : initial} />}
    </Field>
  );
}

/** A checkbox with its words beside it. */
export function CheckField({
  label,
  name,
  typed,
  initial = false,
}: {
  label: string;
  name: string;
  typed: Typed;
  initial?: boolean;
}) {
  return (
    <label className={`${styles.choice} ${styles.wide}`}>
      <input type="checkbox" name={name} defaultChecked={typed ? typed[name] !== undefined : initial} />
      {label}
    </label>
  );
}

export function NoteField({ label, typed, initial = "" }: { label: string; typed: Typed; initial?: string }) {
  return (
    <Field label={label} className={`${studio.field} ${styles.wide}`}>
      {(control) => (
        <textarea {...control} name="note" rows={2} maxLength={2000} defaultValue={typed?.note ?? initial} />
      )}
    </Field>
  );
}
