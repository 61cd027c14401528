import { useId } from "react";
import type { RoomFormErrors } from "./room-form.ts";
import styles from "./viewing-rooms.module.css";

/** The editor's ids (its sections' headings) and each field's error, shown beside it and read as its description. */
export interface RoomFieldErrors {
  ids: string;
  errors: RoomFormErrors;
  /** The field's `aria-invalid` and `aria-describedby`, when it has an error. */
  props: (name: string) => { "aria-invalid": true | undefined; "aria-describedby": string | undefined };
  /** The field's error sentence, or nothing. */
  error: (name: string) => React.ReactNode;
}

export function useRoomFieldErrors(errors: RoomFormErrors): RoomFieldErrors {
  const ids = useId();
  return {
    ids,
    errors,
    props: (name) => ({
      "aria-invalid": errors[name] ? true : undefined,
      "aria-describedby": errors[name] ? `${ids}-${name}-error` : undefined,
    }),
    error: (name) =>
      errors[name] ? (
        // Read as the field's description (aria-describedby), not a second time in its label.
        <span id={`${ids}-${name}-error`} className={styles.fieldError} aria-hidden="true">
          {errors[name]}
        </span>
      ) : null,
  };
}
