import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import styles from "#app/admin/enquiries/enquiries.module.css";
import studio from "#app/admin/studio.module.css";
import { MAX_NOTES_LENGTH } from "#app/enquiries/inbox-limits.ts";

/** Private notes: saved with the button, with a visible saved / unsaved state. */
export function NotesForm({ notes, savedNotes }: { notes: string; savedNotes?: string }) {
  const fetcher = useFetcher<{ ok: true; notes: string }>();
  const [text, setText] = useState(notes);
  const [saved, setSaved] = useState(savedNotes ?? notes);
  const lastSaved = fetcher.data?.notes;
  useEffect(() => {
    if (lastSaved !== undefined) setSaved(lastSaved);
  }, [lastSaved]);
  // Another admin saved different notes meanwhile: show theirs unless this one is typing.
  const typed = useRef({ text, saved });
  typed.current = { text, saved };
  useEffect(() => {
    if (typed.current.text === typed.current.saved) setText(notes);
    setSaved(notes);
  }, [notes]);
  const busy = fetcher.state !== "idle";
  const state = busy
    ? "Saving…"
    : text !== saved
      ? "Unsaved changes"
      : lastSaved !== undefined || savedNotes !== undefined
        ? "Saved"
        : "";
  return (
    <section aria-labelledby="notes-heading" className={studio.panel}>
      <h2 id="notes-heading" className={studio.sectionTitle}>
        Private notes
      </h2>
      <fetcher.Form method="post" className={styles.notesForm}>
        <input type="hidden" name="intent" value="notes" />
        <label className={studio.field}>
          <span>Only the studio sees these</span>
          <textarea
            name="notes"
            rows={5}
            maxLength={MAX_NOTES_LENGTH}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </label>
        <div className={styles.notesActions}>
          <button type="submit" className="button" disabled={busy}>
            Save Notes
          </button>
          <p className={styles.saved} role="status" aria-live="polite" data-state={state}>
            {state}
          </p>
        </div>
      </fetcher.Form>
    </section>
  );
}
