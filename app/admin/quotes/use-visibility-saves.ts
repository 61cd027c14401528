import { useCallback, useRef, useState } from "react";
import type { AdminQuote } from "#app/quotes/quote-views.ts";
import type { SaveVisibility } from "./admin-quotes-screen.tsx";
import { setVisibility } from "./quote-list-view.ts";
import type { VisibilityChange } from "./use-toggle-gestures.ts";

/**
 * A toggle gesture shows at once (`onPreview`); its save (`onCommit`) runs in the background,
 * and a failure puts the gesture's rows back and says "Error updating quote: {message}".
 */
export function useVisibilitySaves({
  saveVisibility,
  setQuotes,
  setError,
}: {
  saveVisibility: SaveVisibility;
  setQuotes: React.Dispatch<React.SetStateAction<AdminQuote[]>>;
  setError: (error: string | null) => void;
}) {
  // "Saved" once the server has confirmed every gesture sent so far (a polite status, so a
  // screen reader hears it after what it is reading).
  const [saveStatus, setSaveStatus] = useState<"" | "Saving..." | "Saved">("");
  const saving = useRef(0);

  const onPreview = useCallback(
    (values: Map<number, boolean>) => {
      setQuotes((current) => setVisibility(current, values));
    },
    [setQuotes],
  );

  const onCommit = useCallback(
    (change: VisibilityChange) => {
      setError(null);
      saving.current++;
      setSaveStatus("Saving...");
      saveVisibility({ ids: change.ids, includeInSearch: change.includeInSearch }).then(
        () => {
          saving.current--;
          if (saving.current === 0) setSaveStatus((status) => (status === "Saving..." ? "Saved" : status));
        },
        (failure: unknown) => {
          saving.current--;
          const message = failure instanceof Error ? failure.message : String(failure);
          console.error("Error updating quote", failure);
          const rollback = new Map(change.ids.map((id) => [id, change.previous.get(id) ?? !change.includeInSearch]));
          setQuotes((current) => setVisibility(current, rollback));
          setSaveStatus("");
          setError(`Error updating quote: ${message}`);
        },
      );
    },
    [saveVisibility, setQuotes, setError],
  );

  return { saveStatus, onPreview, onCommit };
}
