import { useId } from "react";
import type { useFetcher } from "react-router";
import studio from "#app/admin/studio.module.css";
import styles from "./new-link-form.module.css";
import { ROOM_LIMITS, type RoomFormErrors } from "./room-form.ts";
import type { LinkAnswerData } from "./room-links.tsx";
import sharedStyles from "./viewing-rooms.module.css";

/** The form that makes a link for one recipient: whom it is for, its expiry and its own passcode. */
export function NewLinkForm({
  fetcher,
  formRef,
  errors,
}: {
  fetcher: ReturnType<typeof useFetcher<LinkAnswerData>>;
  formRef: React.RefObject<HTMLFormElement | null>;
  errors: RoomFormErrors;
}) {
  const ids = useId();
  return (
    <fetcher.Form method="post" className={styles.linkForm} ref={formRef} aria-label="New link">
      <input type="hidden" name="intent" value="add-link" />
      <label className={studio.field}>
        <span>Who it is for</span>
        <input
          name="linkNote"
          maxLength={ROOM_LIMITS.note}
          placeholder="for Ada, Basel"
          aria-invalid={errors.linkNote ? true : undefined}
          aria-describedby={errors.linkNote ? `${ids}-note-error` : undefined}
        />
        {errors.linkNote ? (
          <span id={`${ids}-note-error`} className={sharedStyles.fieldError} aria-hidden="true">
            {errors.linkNote}
          </span>
        ) : null}
      </label>
      <label className={studio.field}>
        <span>Expires (UTC, optional)</span>
        <input
          type="datetime-local"
          name="linkExpiresAt"
          aria-invalid={errors.linkExpiresAt ? true : undefined}
          aria-describedby={errors.linkExpiresAt ? `${ids}-expiry-error` : undefined}
        />
        {errors.linkExpiresAt ? (
          <span id={`${ids}-expiry-error`} className={sharedStyles.fieldError} aria-hidden="true">
            {errors.linkExpiresAt}
          </span>
        ) : null}
      </label>
      <label className={studio.field}>
        <span>Passcode for this link (optional)</span>
        <input
          type="password"
          name="linkPasscode"
          autoComplete="new-password"
          maxLength={ROOM_LIMITS.passcodeMax}
          aria-invalid={errors.linkPasscode ? true : undefined}
          aria-describedby={errors.linkPasscode ? `${ids}-passcode-error` : undefined}
        />
        {errors.linkPasscode ? (
          <span id={`${ids}-passcode-error`} className={sharedStyles.fieldError} aria-hidden="true">
            {errors.linkPasscode}
          </span>
        ) : null}
      </label>
      <div>
        <button type="submit" className="button" disabled={fetcher.state !== "idle"}>
          Make Link
        </button>
      </div>
    </fetcher.Form>
  );
}
