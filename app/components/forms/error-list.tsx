import type { HTMLAttributes } from "react";
import { type FieldErrors, messagesOf } from "./field-ids.ts";
import styles from "./forms.module.css";

interface ErrorListProps extends Omit<HTMLAttributes<HTMLElement>, "id" | "children"> {
  id: string;
  errors: FieldErrors;
  /** Drawn while empty, for a script that fills it in place (see fieldIds' keepErrorSlot). */
  keepSlot?: boolean;
}

/**
 * A field's problems, under the id its control's `aria-describedby` names: one message as a
 * paragraph, several as a list, nothing at all when there are none (unless the slot is kept).
 */
export function ErrorList({ id, errors, keepSlot, className, ...rest }: ErrorListProps) {
  const messages = messagesOf(errors);
  const classes = [styles.error, className].filter(Boolean).join(" ");
  if (messages.length > 1)
    return (
      <ul id={id} className={`${classes} ${styles.list}`} {...rest}>
        {messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    );
  if (messages.length === 0 && !keepSlot) return null;
  return (
    <p id={id} className={classes} {...rest}>
      {messages[0] ?? ""}
    </p>
  );
}
