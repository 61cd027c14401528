import studio from "#app/admin/studio.module.css";
import styles from "./room-downloads-section.module.css";
import type { RoomFieldErrors } from "./room-field-errors.tsx";
import { CATALOGUE_PDF_PATH, ROOM_LIMITS, type RoomForm } from "./room-form.ts";
import type { SetRoomField } from "./use-room-form.ts";
import sharedStyles from "./viewing-rooms.module.css";

/**
 * Files the room offers for download, each a name and a path on this site. With JavaScript rows
 * are added and removed in place; without it one blank row is offered at each save.
 */
export function RoomDownloadsSection({
  form,
  set,
  hydrated,
  fields,
}: {
  form: RoomForm;
  set: SetRoomField;
  hydrated: boolean;
  fields: RoomFieldErrors;
}) {
  return (
    <section className={studio.panel} aria-labelledby={`${fields.ids}-downloads`}>
      <h2 id={`${fields.ids}-downloads`} className={studio.sectionTitle}>
        Downloads (optional)
      </h2>
      {fields.error("downloads")}
      {form.downloads.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
        <DownloadRow key={index} row={row} form={form} set={set} index={index} hydrated={hydrated} fields={fields} />
      ))}
      {hydrated ? null : (
        // Without JavaScript, one blank row to fill in; an empty row is ignored.
        <div className={styles.downloadRow}>
          <label className={`${studio.field} ${sharedStyles.grow}`}>
            <span>Name</span>
            <input name="downloadLabel" defaultValue="" maxLength={ROOM_LIMITS.downloadLabel} />
          </label>
          <label className={`${studio.field} ${sharedStyles.grow}`}>
            <span>Path on this site</span>
            <input name="downloadPath" defaultValue="" maxLength={ROOM_LIMITS.downloadPath} placeholder="/files/…" />
          </label>
        </div>
      )}
      {hydrated ? (
        <div className={sharedStyles.rowActions}>
          <button
            type="button"
            className="button button-ghost"
            disabled={form.downloads.length >= ROOM_LIMITS.downloads}
            onClick={() => set("downloads", [...form.downloads, { label: "", path: "" }])}
          >
            Add a Download
          </button>
          <button
            type="button"
            className="button button-ghost"
            disabled={
              form.downloads.length >= ROOM_LIMITS.downloads ||
              form.downloads.some((row) => row.path === CATALOGUE_PDF_PATH)
            }
            onClick={() =>
              set("downloads", [...form.downloads, { label: "Secrets catalogue (PDF)", path: CATALOGUE_PDF_PATH }])
            }
          >
            Add the Catalogue PDF
          </button>
        </div>
      ) : (
        <p className={studio.hint}>The catalogue PDF is at {CATALOGUE_PDF_PATH}.</p>
      )}
    </section>
  );
}

/** One download: its name and path, and (with JavaScript) a button that removes it. */
function DownloadRow({
  row,
  form,
  set,
  index,
  hydrated,
  fields,
}: {
  row: RoomForm["downloads"][number];
  form: RoomForm;
  set: SetRoomField;
  index: number;
  hydrated: boolean;
  fields: RoomFieldErrors;
}) {
  const setDownload = (change: Partial<RoomForm["downloads"][number]>) =>
    set(
      "downloads",
      form.downloads.map((other, at) => (at === index ? { ...other, ...change } : other)),
    );
  return (
    <div className={styles.downloadRow}>
      <label className={`${studio.field} ${sharedStyles.grow}`}>
        <span>Name</span>
        <input
          name="downloadLabel"
          value={row.label}
          maxLength={ROOM_LIMITS.downloadLabel}
          onChange={(event) => setDownload({ label: event.target.value })}
          {...fields.props(`downloads.${index}.label`)}
        />
        {fields.error(`downloads.${index}.label`)}
      </label>
      <label className={`${studio.field} ${sharedStyles.grow}`}>
        <span>Path on this site</span>
        <input
          name="downloadPath"
          value={row.path}
          maxLength={ROOM_LIMITS.downloadPath}
          placeholder="/files/…"
          onChange={(event) => setDownload({ path: event.target.value })}
          {...fields.props(`downloads.${index}.path`)}
        />
        {fields.error(`downloads.${index}.path`)}
      </label>
      {hydrated ? (
        <button
          type="button"
          className={`${sharedStyles.iconButton} ${sharedStyles.removeButton}`}
          aria-label={`Remove download ${index + 1}`}
          onClick={() =>
            set(
              "downloads",
              form.downloads.filter((_, at) => at !== index),
            )
          }
        >
          Remove
        </button>
      ) : null}
    </div>
  );
}
