import studio from "#app/admin/studio.module.css";
import type { EditorAnswerData } from "./room-editor.tsx";
import type { RoomFieldErrors } from "./room-field-errors.tsx";
import { ROOM_LIMITS, type RoomForm } from "./room-form.ts";
import { RoomWorkRow } from "./room-work-row.tsx";
import styles from "./room-works-section.module.css";
import { useRoomWorks } from "./use-room-works.ts";
import { useWorkDrag } from "./use-work-drag.ts";
import { useWorkSearch } from "./use-work-search.ts";
import { WorkSearch } from "./work-search.tsx";

/** The room's works in order, each with its note and price, and the catalogue search that adds them. */
export function RoomWorksSection({
  form,
  setForm,
  hydrated,
  fields,
  answer,
  announce,
}: {
  form: RoomForm;
  setForm: React.Dispatch<React.SetStateAction<RoomForm>>;
  hydrated: boolean;
  fields: RoomFieldErrors;
  answer?: EditorAnswerData;
  announce: (message: string) => void;
}) {
  const works = useRoomWorks(form, setForm, announce);
  const drag = useWorkDrag(form, setForm, announce);
  const search = useWorkSearch(answer, announce);
  return (
    <section className={studio.panel} aria-labelledby={`${fields.ids}-works`}>
      <h2 id={`${fields.ids}-works`} className={studio.sectionTitle}>
        Works ({form.works.length} of at most {ROOM_LIMITS.works})
      </h2>
      {fields.error("works")}
      {form.works.length === 0 ? (
        <p className={studio.hint}>No works yet. Find them in the catalogue below.</p>
      ) : (
        <ol ref={drag.listRef} className={styles.works} aria-label="Works in the room, in order">
          {form.works.map((work, index) => (
            <RoomWorkRow
              key={work.slug}
              work={work}
              index={index}
              hydrated={hydrated}
              dragging={drag.dragging === work.slug}
              fields={fields}
              onHandleDown={drag.onHandleDown}
              works={works}
            />
          ))}
        </ol>
      )}
      <WorkSearch search={search} works={form.works} addWork={works.addWork} hydrated={hydrated} fields={fields} />
    </section>
  );
}
