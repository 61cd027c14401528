import { Form, useNavigation } from "react-router";
import { RoomAccessSection } from "./room-access-section.tsx";
import { RoomDetailsSection } from "./room-details-section.tsx";
import { RoomDownloadsSection } from "./room-downloads-section.tsx";
import styles from "./room-editor.module.css";
import { RoomFactsSection } from "./room-facts-section.tsx";
import { useRoomFieldErrors } from "./room-field-errors.tsx";
import type { RoomForm, RoomFormErrors, WorkChoice } from "./room-form.ts";
import { RoomSaveNotice } from "./room-save-notice.tsx";
import { RoomWorksSection } from "./room-works-section.tsx";
import { useRoomForm } from "./use-room-form.ts";

/** The server's answer to the editor's form (room-editor-step.server.ts), as the page receives it. */
export interface EditorAnswerData {
  kind: "editor";
  form: RoomForm;
  errors: RoomFormErrors;
  message?: string;
  search?: string;
  results?: WorkChoice[];
  previewHtml?: string;
  latestRevision?: number;
  savedRevision?: number;
  baseRevision?: number;
}

/**
 * The room editor: one form that saves with a plain POST (so it works without JavaScript: the
 * search, add, move, remove and preview buttons are then steps answered by the server with the
 * form as typed). With JavaScript the page does those steps itself, searches through the admin
 * API, and works can also be dragged by their handle (mouse, pen or touch).
 */
export function RoomEditor({
  initial,
  answer,
  revision,
  hasPasscode,
  isNew,
  roomPath,
}: {
  initial: RoomForm;
  /** The room's own page, opened in a new tab to see another admin's version after a conflict. */
  roomPath?: string;
  answer?: EditorAnswerData;
  revision?: number;
  hasPasscode: boolean;
  isNew: boolean;
}) {
  const { form, setForm, set, baseRevision, announcement, setAnnouncement, hydrated } = useRoomForm({
    initial,
    answer,
    revision,
  });
  const fields = useRoomFieldErrors(answer?.errors ?? {});
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent")?.toString().startsWith("save");

  return (
    <Form method="post" className={styles.editor} aria-label={isNew ? "New room" : "Edit room"} noValidate>
      {/* Enter in a field saves (the form's first submit button), never previews or searches. */}
      <button type="submit" name="intent" value="save" hidden tabIndex={-1}>
        Save
      </button>
      {baseRevision !== undefined ? <input type="hidden" name="revision" value={baseRevision} /> : null}

      <RoomSaveNotice
        conflict={answer?.latestRevision}
        errorCount={Object.keys(fields.errors).length}
        message={answer?.message}
        roomPath={roomPath}
      />
      <RoomDetailsSection form={form} set={set} hydrated={hydrated} fields={fields} answer={answer} />
      <RoomWorksSection
        form={form}
        setForm={setForm}
        hydrated={hydrated}
        fields={fields}
        answer={answer}
        announce={setAnnouncement}
      />
      <RoomFactsSection form={form} set={set} fields={fields} />
      <RoomDownloadsSection form={form} set={set} hydrated={hydrated} fields={fields} />
      <RoomAccessSection form={form} set={set} fields={fields} hasPasscode={hasPasscode} />

      <div className={styles.saveBar}>
        <button type="submit" name="intent" value="save" className="button" disabled={saving}>
          {isNew ? "Create Room" : "Save Room"}
        </button>
        <p className={styles.announce} role="status" aria-live="polite">
          {saving ? "Saving…" : announcement}
        </p>
      </div>
    </Form>
  );
}
