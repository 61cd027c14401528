import studio from "#app/admin/studio.module.css";
import styles from "./room-facts-section.module.css";
import type { RoomFieldErrors } from "./room-field-errors.tsx";
import type { RoomForm } from "./room-form.ts";
import type { SetRoomField } from "./use-room-form.ts";
import sharedStyles from "./viewing-rooms.module.css";

/** Which facts the room shows beside each work. */
export function RoomFactsSection({
  form,
  set,
  fields,
}: {
  form: RoomForm;
  set: SetRoomField;
  fields: RoomFieldErrors;
}) {
  return (
    <section className={studio.panel} aria-labelledby={`${fields.ids}-facts`}>
      <h2 id={`${fields.ids}-facts`} className={studio.sectionTitle}>
        What the room shows for each work
      </h2>
      <div className={styles.checks}>
        <label className={sharedStyles.check}>
          <input
            type="checkbox"
            name="showPrice"
            checked={form.showPrice}
            onChange={(event) => set("showPrice", event.target.checked)}
          />
          <span>Price (a work without one reads “Price on request”)</span>
        </label>
        <label className={sharedStyles.check}>
          <input
            type="checkbox"
            name="showAvailability"
            checked={form.showAvailability}
            onChange={(event) => set("showAvailability", event.target.checked)}
          />
          <span>Availability</span>
        </label>
        <label className={sharedStyles.check}>
          <input
            type="checkbox"
            name="showEdition"
            checked={form.showEdition}
            onChange={(event) => set("showEdition", event.target.checked)}
          />
          <span>Edition</span>
        </label>
      </div>
    </section>
  );
}
