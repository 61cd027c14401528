import { data } from "react-router";
import type { Catalogue } from "#app/catalogue/catalogue.ts";
import { searchCatalogue } from "./catalogue-search.server.ts";
import { renderIntroduction } from "./introduction-preview.server.ts";
import { ROOM_LIMITS, type RoomForm, type RoomFormErrors, type WorkChoice } from "./room-form.ts";
import { badRoomInput, checkRoomForm, type RoomInput, readRoomForm } from "./room-input.server.ts";

/**
 * What the editor's form gets back from the server: the form as typed (so nothing is lost),
 * errors beside their fields, and for the steps a page without JavaScript makes through the
 * server (search, add, move, remove, preview) their result.
 */
export interface EditorAnswer {
  kind: "editor";
  form: RoomForm;
  errors: RoomFormErrors;
  message?: string;
  search?: string;
  results?: WorkChoice[];
  previewHtml?: string;
  /** A stale save: the revision now saved, offered to "save mine over theirs". */
  latestRevision?: number;
  savedRevision?: number;
  /** The revision the submitted form was edited from, so a page without JavaScript keeps it. */
  baseRevision?: number;
}

/** The `revision` field of a submitted form, when it is one. */
export function submittedRevision(formData: FormData): number | undefined {
  const value = formData.get("revision");
  return typeof value === "string" && /^\d{1,9}$/.test(value) ? Number(value) : undefined;
}

export function answerWith(answer: Omit<EditorAnswer, "kind" | "errors"> & { errors?: RoomFormErrors }, status = 200) {
  // The passcode typed is not sent back into the page.
  const form = { ...answer.form, passcode: "" };
  const body: EditorAnswer = { kind: "editor", errors: {}, ...answer, form };
  return data(body, { status, headers: { "Cache-Control": "no-store" } });
}

const MOVE = /^(up|down|remove):(\d{1,3})$/;

/**
 * The editor steps that change only the form (no write): `search`, `add:<slug>`,
 * `up:<i>`/`down:<i>`/`remove:<i>`, `add-download`, `preview`. Undefined for any other intent.
 * With JavaScript the page does these itself; without, each is a POST answered here.
 */
export function editorFormStep(formData: FormData, intent: string, catalogue: Catalogue) {
  const form = readRoomForm(formData, catalogue);
  const search = String(formData.get("search") ?? "").slice(0, ROOM_LIMITS.search + 1);
  const baseRevision = submittedRevision(formData);
  const editorAnswer = (answer: Parameters<typeof answerWith>[0], status?: number) =>
    answerWith({ baseRevision, ...answer }, status);
  if (intent === "search") {
    if (search.length > ROOM_LIMITS.search) {
      return editorAnswer(
        { form, search, errors: { search: `Search for at most ${ROOM_LIMITS.search} characters.` } },
        400,
      );
    }
    const results = searchCatalogue(catalogue, search);
    return editorAnswer({ form, search, results, message: results.length === 0 ? "No work matches." : undefined });
  }
  if (intent === "preview") {
    return editorAnswer({
      form,
      search,
      previewHtml: renderIntroduction(form.introduction.slice(0, ROOM_LIMITS.introduction)),
    });
  }
  if (intent === "add-download") {
    return editorAnswer({ form: { ...form, downloads: [...form.downloads, { label: "", path: "" }] }, search });
  }
  if (intent.startsWith("add:")) {
    const work = catalogue.find(intent.slice(4));
    if (!work) badRoomInput("That work is not in the catalogue.");
    if (form.works.some((entry) => entry.slug === work.slug)) {
      return editorAnswer({ form, search, message: `${work.title} is already in the room.` });
    }
    if (form.works.length >= ROOM_LIMITS.works) {
      return editorAnswer({ form, search, errors: { works: `A room holds at most ${ROOM_LIMITS.works} works.` } }, 400);
    }
    const works = [...form.works, { slug: work.slug, title: work.title, note: "", price: "" }];
    return editorAnswer({ form: { ...form, works }, search, message: `Added ${work.title}.` });
  }
  const move = MOVE.exec(intent);
  if (move) {
    const index = Number(move[2]);
    if (index >= form.works.length) badRoomInput("That work is no longer in the form. Reload the page.");
    const works = [...form.works];
    const [work] = works.splice(index, 1);
    if (!work) badRoomInput("That work is no longer in the form. Reload the page.");
    if (move[1] === "remove")
      return editorAnswer({ form: { ...form, works }, search, message: `Removed ${work.title}.` });
    const to = move[1] === "up" ? Math.max(0, index - 1) : Math.min(works.length, index + 1);
    works.splice(to, 0, work);
    return editorAnswer({ form: { ...form, works }, search, message: `Moved ${work.title} to position ${to + 1}.` });
  }
  return undefined;
}

/** The typed form checked for a save: the input, or the answer with each field's error. */
export function checkedForSave(
  formData: FormData,
  isNew: boolean,
  catalogue: Catalogue,
): { ok: true; form: RoomForm; input: RoomInput } | { ok: false; answer: ReturnType<typeof answerWith> } {
  const form = readRoomForm(formData, catalogue);
  const checked = checkRoomForm(form, { isNew, catalogue });
  if (!checked.ok) {
    const count = Object.keys(checked.errors).length;
    return {
      ok: false,
      answer: answerWith(
        {
          form,
          baseRevision: submittedRevision(formData),
          errors: checked.errors,
          message: `Not saved: ${count === 1 ? "one field needs" : `${count} fields need`} a change (marked below).`,
        },
        checked.status,
      ),
    };
  }
  return { ok: true, form, input: checked.input };
}
