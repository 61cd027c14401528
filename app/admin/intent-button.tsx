import type { ReactNode } from "react";
import { Form } from "react-router";
import studio from "#app/admin/studio.module.css";

/**
 * One button that posts one `intent` to the screen's own action (Sign Out, Mark Unread, Close
 * Room...), after the browser's confirmation when `confirm` asks one; `danger` marks a button
 * whose step deletes or stops something.
 */
export function IntentButton({
  intent,
  confirm,
  danger = false,
  children,
}: {
  intent: string;
  confirm?: string;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <Form
      method="post"
      onSubmit={
        confirm
          ? (event) => {
              if (!window.confirm(confirm)) event.preventDefault();
            }
          : undefined
      }
    >
      <input type="hidden" name="intent" value={intent} />
      <button type="submit" className={danger ? `button button-ghost ${studio.danger}` : "button button-ghost"}>
        {children}
      </button>
    </Form>
  );
}
