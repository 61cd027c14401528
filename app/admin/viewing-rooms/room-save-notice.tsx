import studio from "#app/admin/studio.module.css";
import styles from "./viewing-rooms.module.css";

/**
 * Why the last save was refused, at the editor's head: the room changed elsewhere since it was
 * opened (with the choice to save over it), or fields that need a change.
 */
export function RoomSaveNotice({
  conflict,
  errorCount,
  message,
  roomPath,
}: {
  /** The room's latest revision, when a save was refused for being made from an older one. */
  conflict?: number;
  errorCount: number;
  message?: string;
  roomPath?: string;
}) {
  if (conflict !== undefined) {
    return (
      <div className={styles.conflict} role="alert">
        <p>
          <strong>Not saved: this room was changed elsewhere</strong> (another tab or admin) after you opened it. What
          you typed is still here. Open the room in a new tab to see the other version, or keep yours.
        </p>
        <div className={styles.rowActions}>
          <button type="submit" name="intent" value={`save-over:${conflict}`} className="button">
            Save Mine Over Theirs
          </button>
          <a href={roomPath} target="_blank" rel="noopener" className={studio.textLink}>
            Open Their Version in a New Tab
          </a>
        </div>
      </div>
    );
  }
  if (errorCount > 0) {
    return (
      <p className={styles.formError} role="alert">
        {message ?? "Not saved: some fields need a change (marked below)."}
      </p>
    );
  }
  return null;
}
