import { Link } from "react-router";
import styles from "#app/admin/content/content-editor.module.css";
import type { TrashedItem } from "#app/admin/content/trashed-document.tsx";

/** The content list's lines about what left it: a delete (to the Trash), a new draft discarded, and the way to the Trash. */
export function TrashNotices(props: {
  deleted?: TrashedItem;
  discarded: boolean;
  trashCount: number;
  retentionDays: number;
}) {
  return (
    <>
      {props.deleted ? (
        <p role="status" className={styles.published}>
          Deleted “{props.deleted.title}”: it is on no page any more. It is in the{" "}
          <Link to="/admin/content/trash">Trash</Link> for {props.retentionDays} days, where you can restore it with its
          history.
        </p>
      ) : null}
      {props.discarded ? (
        <p role="status" className={styles.published}>
          Draft discarded. It was never published, so nothing of it is left.
        </p>
      ) : null}
      <p className={styles.count}>
        <Link to="/admin/content/trash">Trash{props.trashCount > 0 ? ` (${props.trashCount})` : ""}</Link>: deleted
        items, restorable for {props.retentionDays} days.
      </p>
    </>
  );
}
