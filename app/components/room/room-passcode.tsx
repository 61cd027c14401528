import { Field } from "#app/components/forms/field.tsx";
import styles from "./room-passcode.module.css";

/**
 * The passcode a room asks for before it opens (issue 22). A plain form posted to the room's
 * own address: it works without JavaScript; a refusal is said beside the field and focused.
 */
export function RoomPasscodeForm({ error, limited }: { error?: string; limited?: boolean }) {
  return (
    <section className={styles.wrap} aria-labelledby="room-passcode-heading">
      <p className="eyebrow">Private viewing</p>
      <h1 id="room-passcode-heading">This room asks for a passcode</h1>
      <p className={styles.lead}>
        The studio gave you a passcode with this link. Enter it to open the room; this browser will not ask again today.
      </p>
      <form method="post" className={styles.form} noValidate>
        <input type="hidden" name="intent" value="passcode" />
        <Field
          label="Passcode"
          id="room-passcode"
          errors={error}
          keepErrorSlot
          errorClassName={styles.error}
          errorProps={error ? { role: "alert" } : undefined}
          className={styles.field}
        >
          {(control) => (
            <input
              {...control}
              name="passcode"
              type="password"
              autoComplete="off"
              required
              maxLength={200}
              // biome-ignore lint/a11y/noAutofocus: the room's one field; after a refusal focus belongs here
              autoFocus
            />
          )}
        </Field>
        <button type="submit" className="button" disabled={limited || undefined}>
          Open the room
        </button>
      </form>
    </section>
  );
}
