import studio from "#app/admin/studio.module.css";
import type { RoomFieldErrors } from "./room-field-errors.tsx";
import { ROOM_LIMITS, type RoomFormWork } from "./room-form.ts";
import styles from "./room-work-row.module.css";
import type { useRoomWorks } from "./use-room-works.ts";
import sharedStyles from "./viewing-rooms.module.css";

/**
 * One work of the room: its handle (with JavaScript), place and title, the buttons that move or
 * remove it (plain submits answered by the server without JavaScript), and its note and price.
 */
export function RoomWorkRow({
  work,
  index,
  hydrated,
  dragging,
  fields,
  onHandleDown,
  works,
}: {
  work: RoomFormWork;
  index: number;
  hydrated: boolean;
  dragging: boolean;
  fields: RoomFieldErrors;
  onHandleDown: (event: React.PointerEvent<HTMLElement>, index: number) => void;
  works: ReturnType<typeof useRoomWorks>;
}) {
  return (
    <li className={styles.work} data-dragging={dragging || undefined}>
      <input type="hidden" name="workSlug" value={work.slug} />
      <div className={styles.workHead}>
        {hydrated ? (
          <span
            className={styles.handle}
            aria-hidden="true"
            title="Drag to reorder"
            onPointerDown={(event) => onHandleDown(event, index)}
          >
            ⋮⋮
          </span>
        ) : null}
        <span className={styles.position}>{index + 1}.</span>
        <span className={`${sharedStyles.workTitle} ${styles.title}`}>{work.title}</span>
        <WorkButtons work={work} index={index} hydrated={hydrated} works={works} />
      </div>
      {fields.error(`works.${index}.slug`)}
      <div className={styles.workFields}>
        <label className={`${studio.field} ${sharedStyles.grow}`}>
          <span>Note shown in the room</span>
          <input
            name="workNote"
            value={work.note}
            maxLength={ROOM_LIMITS.note}
            placeholder="Available to you until 31 January"
            onChange={(event) => works.setWork(index, { note: event.target.value })}
            {...fields.props(`works.${index}.note`)}
          />
          {fields.error(`works.${index}.note`)}
        </label>
        <label className={`${studio.field} ${styles.price}`}>
          <span>Price</span>
          <input
            name="workPrice"
            value={work.price}
            maxLength={ROOM_LIMITS.price}
            placeholder="on request"
            onChange={(event) => works.setWork(index, { price: event.target.value })}
            {...fields.props(`works.${index}.price`)}
          />
          {fields.error(`works.${index}.price`)}
        </label>
      </div>
    </li>
  );
}

/** Move up, move down and remove: plain submits answered by the server, or done in place with JavaScript. */
function WorkButtons({
  work,
  index,
  hydrated,
  works,
}: {
  work: RoomFormWork;
  index: number;
  hydrated: boolean;
  works: ReturnType<typeof useRoomWorks>;
}) {
  return (
    <span className={styles.workButtons}>
      <button
        type="submit"
        name="intent"
        value={`up:${index}`}
        className={sharedStyles.iconButton}
        aria-label={`Move ${work.title} up`}
        data-focus-key={`${work.slug}:up`}
        onClick={(event) => {
          if (!hydrated) return;
          event.preventDefault();
          works.moveWork(index, index - 1, `${work.slug}:up`);
        }}
      >
        ↑
      </button>
      <button
        type="submit"
        name="intent"
        value={`down:${index}`}
        className={sharedStyles.iconButton}
        aria-label={`Move ${work.title} down`}
        data-focus-key={`${work.slug}:down`}
        onClick={(event) => {
          if (!hydrated) return;
          event.preventDefault();
          works.moveWork(index, index + 1, `${work.slug}:down`);
        }}
      >
        ↓
      </button>
      <button
        type="submit"
        name="intent"
        value={`remove:${index}`}
        className={`${sharedStyles.iconButton} ${sharedStyles.removeButton}`}
        aria-label={`Remove ${work.title}`}
        onClick={(event) => {
          if (!hydrated) return;
          event.preventDefault();
          works.removeWork(index);
        }}
      >
        Remove
      </button>
    </span>
  );
}
