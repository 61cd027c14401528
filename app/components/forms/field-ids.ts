import { useId } from "react";

/** A field's problems as the forms hand them over: one message, several, or none. */
export type FieldErrors = string | readonly (string | null | undefined)[] | null | undefined;

/** The messages worth showing: empty ones dropped, one string made a list. */
export function messagesOf(errors: FieldErrors): string[] {
  if (!errors) return [];
  if (typeof errors === "string") return [errors];
  return errors.filter((message): message is string => Boolean(message));
}

export interface FieldIdOptions {
  /** The control's id; an explicit one when a script, a test or a link names it. */
  id: string;
  /** The error element's id; default `<id>-error`. */
  errorId?: string;
  /** Whether a hint is drawn (its id is `<id>-hint`). */
  hint?: boolean;
  errors?: FieldErrors;
  /**
   * The error element stays in the page while empty and stays in `aria-describedby`: a
   * framework-free script fills it in place (the enquiry form).
   */
  keepErrorSlot?: boolean;
}

/** What a control carries to be tied to its label, hint and errors. */
export interface ControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

export interface FieldIds {
  id: string;
  hintId: string | undefined;
  errorId: string;
  messages: string[];
  control: ControlProps;
}

/**
 * The ids of a field's parts and the control's accessibility wiring: the hint and the errors
 * both describe the control, and it is marked invalid only while it has an error.
 */
export function fieldIds({ id, errorId = `${id}-error`, hint, errors, keepErrorSlot }: FieldIdOptions): FieldIds {
  const messages = messagesOf(errors);
  const hintId = hint ? `${id}-hint` : undefined;
  const describedBy = [hintId, messages.length > 0 || keepErrorSlot ? errorId : undefined].filter(Boolean).join(" ");
  return {
    id,
    hintId,
    errorId,
    messages,
    control: {
      id,
      "aria-invalid": messages.length > 0 ? true : undefined,
      "aria-describedby": describedBy || undefined,
    },
  };
}

/** fieldIds with an id from React's useId when the form names none. */
export function useFieldIds(options: Omit<FieldIdOptions, "id"> & { id?: string }): FieldIds {
  const generated = useId();
  return fieldIds({ ...options, id: options.id ?? generated });
}
