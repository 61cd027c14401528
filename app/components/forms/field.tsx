import type { HTMLAttributes, ReactNode } from "react";
import { ErrorList } from "./error-list.tsx";
import { type ControlProps, type FieldErrors, useFieldIds } from "./field-ids.ts";
import styles from "./forms.module.css";

export interface FieldProps {
  label: ReactNode;
  /** Said under the control and read with it (aria-describedby). */
  hint?: ReactNode;
  errors?: FieldErrors;
  /** The control's id when something else names it; otherwise one from useId. */
  id?: string;
  /** The error's id; default `<id>-error`. */
  errorId?: string;
  /** The error stays in the page while empty, for a script that fills it in place. */
  keepErrorSlot?: boolean;
  /** Extra attributes of the error element (the enquiry script finds it by data-error-for). */
  errorProps?: HTMLAttributes<HTMLElement> & Record<`data-${string}`, string>;
  /** The wrapper's class: each form keeps its own look. */
  className?: string;
  labelClassName?: string;
  hintClassName?: string;
  errorClassName?: string;
  /** The control, given its id and its aria wiring: `{(control) => <input {...control} />}`. */
  children: (control: ControlProps) => ReactNode;
}

/** One form field: label, control, hint and errors, tied together for assistive technology. */
export function Field({
  label,
  hint,
  errors,
  id,
  errorId,
  keepErrorSlot,
  errorProps,
  className,
  labelClassName,
  hintClassName,
  errorClassName,
  children,
}: FieldProps) {
  const ids = useFieldIds({ id, errorId, hint: hint !== undefined && hint !== null, errors, keepErrorSlot });
  return (
    <div className={className}>
      <label htmlFor={ids.id} className={labelClassName}>
        {label}
      </label>
      {children(ids.control)}
      {ids.hintId ? (
        <p id={ids.hintId} className={[styles.hint, hintClassName].filter(Boolean).join(" ")}>
          {hint}
        </p>
      ) : null}
      <ErrorList
        id={ids.errorId}
        errors={ids.messages}
        keepSlot={keepErrorSlot}
        className={errorClassName}
        {...errorProps}
      />
    </div>
  );
}
