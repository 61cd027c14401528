import type { HTMLAttributes, ReactNode } from "react";
import styles from "./forms.module.css";

/** One field's problem in the summary: a link to the control it is about. */
export interface SummaryProblem {
  /** The control's id (the link's target). */
  fieldId: string;
  message: string;
}

interface ErrorSummaryProps extends Omit<HTMLAttributes<HTMLDivElement>, "children" | "role"> {
  /** A refusal that is not about one field. */
  message?: ReactNode;
  /** The fields' problems, linked to their controls (GOV.UK's error summary). */
  problems?: readonly SummaryProblem[];
  /**
   * The box is a live region from the first paint, so a message put in later is announced (the
   * studio's forms); otherwise it is an alert only while it says something.
   */
  alwaysLive?: boolean;
  /** Takes focus on load: a form sent back refused, without JavaScript. */
  focusOnLoad?: boolean;
}

/**
 * What is wrong with a form, above or beside its fields: the form's own refusal and a link to
 * each field with a problem. Focusable (tabindex -1), so a script can take focus to it; a
 * script that fills it in place writes a plain <ul> of links, which the kit's style reaches.
 */
export function ErrorSummary({
  message,
  problems = [],
  alwaysLive,
  focusOnLoad,
  className,
  ...rest
}: ErrorSummaryProps) {
  const speaking = Boolean(message) || problems.length > 0;
  return (
    <div
      {...rest}
      className={[styles.summary, className].filter(Boolean).join(" ")}
      tabIndex={-1}
      role={alwaysLive || speaking ? "alert" : undefined}
      // biome-ignore lint/a11y/noAutofocus: only on a form sent back with a refusal, where focus belongs
      autoFocus={focusOnLoad ? true : undefined}
    >
      {message ?? ""}
      {problems.length > 0 ? (
        <ul>
          {problems.map((problem) => (
            <li key={problem.fieldId}>
              <a href={`#${problem.fieldId}`}>{problem.message}</a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
