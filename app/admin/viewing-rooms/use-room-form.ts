import { useEffect, useState } from "react";
import type { EditorAnswerData } from "./room-editor.tsx";
import type { RoomForm } from "./room-form.ts";

/** Sets one field of the room's form. */
export type SetRoomField = <K extends keyof RoomForm>(key: K, value: RoomForm[K]) => void;

/**
 * The editor's form as typed, the revision it was opened at, the line its status reads and
 * whether the page runs with JavaScript; what the server answered to a save updates them.
 */
export function useRoomForm({
  initial,
  answer,
  revision,
}: {
  initial: RoomForm;
  answer?: EditorAnswerData;
  revision?: number;
}) {
  const [form, setForm] = useState<RoomForm>(() => answer?.form ?? initial);
  const [baseRevision, setBaseRevision] = useState(() => answer?.baseRevision ?? revision);
  const [announcement, setAnnouncement] = useState(answer?.message ?? "");
  const [hydrated, setHydrated] = useState(false);

  useEffect(() => setHydrated(true), []);

  // What the server answered to a save: the new revision, or why not.
  useEffect(() => {
    if (!answer) return;
    if (answer.savedRevision !== undefined) {
      setBaseRevision(answer.savedRevision);
      setForm((current) => ({ ...current, passcode: "", removePasscode: false }));
    }
    if (answer.message) setAnnouncement(answer.message);
  }, [answer]);

  const set: SetRoomField = (key, value) => setForm((current) => ({ ...current, [key]: value }));
  return { form, setForm, set, baseRevision, announcement, setAnnouncement, hydrated };
}
