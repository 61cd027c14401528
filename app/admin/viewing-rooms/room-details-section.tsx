import { useFetcher } from "react-router";
import studio from "#app/admin/studio.module.css";
import styles from "./room-details-section.module.css";
import type { EditorAnswerData } from "./room-editor.tsx";
import type { RoomFieldErrors } from "./room-field-errors.tsx";
import { ROOM_LIMITS, type RoomForm } from "./room-form.ts";
import type { SetRoomField } from "./use-room-form.ts";
import sharedStyles from "./viewing-rooms.module.css";

/** The room's title and introduction, with a preview of the introduction as the room shows it. */
export function RoomDetailsSection({
  form,
  set,
  hydrated,
  fields,
  answer,
}: {
  form: RoomForm;
  set: SetRoomField;
  hydrated: boolean;
  fields: RoomFieldErrors;
  answer?: EditorAnswerData;
}) {
  const previewFetcher = useFetcher<EditorAnswerData>();
  const preview = previewFetcher.data?.previewHtml ?? answer?.previewHtml;
  return (
    <section className={studio.panel} aria-labelledby={`${fields.ids}-room`}>
      <h2 id={`${fields.ids}-room`} className={studio.sectionTitle}>
        Room
      </h2>
      <label className={studio.field}>
        <span>Title</span>
        <input
          name="title"
          value={form.title}
          maxLength={ROOM_LIMITS.title}
          required
          onChange={(event) => set("title", event.target.value)}
          {...fields.props("title")}
        />
        {fields.error("title")}
      </label>
      <label className={`${studio.field} ${sharedStyles.spaced}`}>
        <span>Introduction (Markdown: *emphasis*, **strong**, [links](https://…), lists)</span>
        <textarea
          name="introduction"
          rows={7}
          value={form.introduction}
          maxLength={ROOM_LIMITS.introduction}
          onChange={(event) => set("introduction", event.target.value)}
          {...fields.props("introduction")}
        />
        {fields.error("introduction")}
      </label>
      <div className={sharedStyles.rowActions}>
        <button
          type="submit"
          name="intent"
          value="preview"
          className="button button-ghost"
          onClick={(event) => {
            if (!hydrated) return;
            event.preventDefault();
            previewFetcher.submit({ intent: "preview", introduction: form.introduction }, { method: "post" });
          }}
        >
          Preview Introduction
        </button>
        <span className={studio.hint}>
          {form.introduction.length.toLocaleString("en-US")} / {ROOM_LIMITS.introduction.toLocaleString("en-US")}
        </span>
      </div>
      {preview !== undefined ? (
        <section className={styles.preview} aria-label="Introduction preview">
          {preview ? (
            // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered by the server and passed through the content sanitiser
            <div dangerouslySetInnerHTML={{ __html: preview }} />
          ) : (
            <p className={studio.hint}>No introduction.</p>
          )}
        </section>
      ) : null}
    </section>
  );
}
