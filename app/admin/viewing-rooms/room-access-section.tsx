import studio from "#app/admin/studio.module.css";
import styles from "./room-access-section.module.css";
import type { RoomFieldErrors } from "./room-field-errors.tsx";
import { ROOM_LIMITS, type RoomForm } from "./room-form.ts";
import type { SetRoomField } from "./use-room-form.ts";
import sharedStyles from "./viewing-rooms.module.css";

/** The room's passcode (never shown back: a new one, or its removal) and its expiry. */
export function RoomAccessSection({
  form,
  set,
  fields,
  hasPasscode,
}: {
  form: RoomForm;
  set: SetRoomField;
  fields: RoomFieldErrors;
  hasPasscode: boolean;
}) {
  return (
    <section className={studio.panel} aria-labelledby={`${fields.ids}-access`}>
      <h2 id={`${fields.ids}-access`} className={studio.sectionTitle}>
        Access
      </h2>
      <div className={styles.accessGrid}>
        <label className={studio.field}>
          <span>{hasPasscode ? "New passcode (empty keeps the current one)" : "Passcode (optional)"}</span>
          <input
            type="password"
            name="passcode"
            autoComplete="new-password"
            value={form.passcode}
            maxLength={ROOM_LIMITS.passcodeMax}
            disabled={form.removePasscode}
            onChange={(event) => set("passcode", event.target.value)}
            {...fields.props("passcode")}
          />
          {fields.error("passcode")}
          <span className={studio.hint}>
            {hasPasscode ? "The room has a passcode. It is never shown again." : "Every link asks for it."}
          </span>
        </label>
        <label className={studio.field}>
          <span>Expires (UTC, optional)</span>
          <input
            type="datetime-local"
            name="expiresAt"
            value={form.expiresAt}
            onChange={(event) => set("expiresAt", event.target.value)}
            {...fields.props("expiresAt")}
          />
          {fields.error("expiresAt")}
        </label>
      </div>
      {hasPasscode ? (
        <label className={`${sharedStyles.check} ${sharedStyles.spaced}`}>
          <input
            type="checkbox"
            name="removePasscode"
            checked={form.removePasscode}
            onChange={(event) => set("removePasscode", event.target.checked)}
          />
          <span>Remove the passcode</span>
        </label>
      ) : null}
    </section>
  );
}
