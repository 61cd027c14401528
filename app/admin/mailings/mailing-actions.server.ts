import { data, redirect } from "react-router";
import type { AppDatabase } from "#app/db/database.server.ts";
import { scheduleSchema } from "#app/mailings/mailing-input.server.ts";
import { createMailing, deleteMailing, saveMailing } from "#app/mailings/mailing-records.server.ts";
import { MailingRefusal, refuseMailing } from "#app/mailings/mailing-refusal.ts";
import {
  scheduleMailing,
  sendMailing,
  sendTestMailing,
  unscheduleMailing,
} from "#app/mailings/mailing-sending.server.ts";
import type { NotifySuggestion } from "#app/mailings/mailing-suggestions.server.ts";

const noStore = { "Cache-Control": "no-store" };

/** What a mailing form may ask, and the sentence the page says once it is done. */
export const mailingDone = {
  created: "The draft is saved.",
  saved: "The draft is saved.",
  "test-sent": "A test is on its way to you.",
  sent: "The mailing is on its way: its progress is below.",
  scheduled: "The mailing is scheduled.",
  unscheduled: "The mailing is a draft again.",
} as const;
export type MailingDone = keyof typeof mailingDone;

/** The draft's fields as the form sends them. */
export function draftFrom(form: FormData) {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return {
    subject: text("subject"),
    body: text("body").replace(/\r\n/g, "\n"),
    topicKeys: form.getAll("topic").filter((value): value is string => typeof value === "string"),
    webNoindex: form.has("webNoindex"),
  };
}

/** "2026-12-24T18:00" (the form's UTC wall time) as a Date; an Invalid Date for anything else. */
function scheduledTime(form: FormData): Date {
  const value = form.get("sendAt");
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return new Date(Number.NaN);
  return new Date(`${value}:00Z`);
}

/** What the studio typed, to show back in a refused form. */
function typed(form: FormData) {
  const draft = draftFrom(form);
  return { ...draft, body: draft.body.slice(0, 60_000), sendAt: String(form.get("sendAt") ?? "").slice(0, 20) };
}

/**
 * One change to a mailing, from its editor. Success redirects back (a reload sends nothing
 * again) saying what was done; a refusal answers its 4xx with the sentence and what was typed.
 */
export async function runMailingForm(
  db: AppDatabase,
  id: number,
  form: FormData,
  studioAddress: string,
): Promise<Response | ReturnType<typeof data>> {
  const intent = form.get("intent");
  const now = new Date();
  try {
    let done: MailingDone;
    switch (intent) {
      case "save":
        await saveMailing(db, id, draftFrom(form));
        done = "saved";
        break;
      case "send-test":
        await saveMailing(db, id, draftFrom(form));
        await sendTestMailing(db, id, studioAddress, now);
        done = "test-sent";
        break;
      case "send":
        await saveMailing(db, id, draftFrom(form));
        await sendMailing(db, id, now);
        done = "sent";
        break;
      case "schedule": {
        // The time is checked before the words are saved: a refused schedule changes nothing.
        const when = scheduleSchema(now).safeParse(scheduledTime(form));
        if (!when.success) refuseMailing(when.error.issues[0]?.message ?? "Give the date and time to send it.", 422);
        await saveMailing(db, id, draftFrom(form));
        await scheduleMailing(db, id, when.data, now);
        done = "scheduled";
        break;
      }
      case "unschedule":
        await unscheduleMailing(db, id, now);
        done = "unscheduled";
        break;
      case "delete":
        await deleteMailing(db, id);
        return redirect("/admin/mailings?done=deleted", { headers: noStore });
      default:
        refuseMailing("Unknown action. Reload the page.", 400);
    }
    return redirect(`/admin/mailings/${id}?done=${done}`, { headers: noStore });
  } catch (error) {
    if (!(error instanceof MailingRefusal)) throw error;
    return data(
      { refused: { intent: String(intent).slice(0, 40), message: error.message, values: typed(form) } },
      { status: error.status, headers: noStore },
    );
  }
}

/** From the list: a new draft (its subject, or a "Notify me" suggestion written out), then its editor. */
export async function startMailing(db: AppDatabase, form: FormData, suggestions: readonly NotifySuggestion[]) {
  try {
    if (form.get("intent") === "write-suggested") {
      const suggestion = suggestions.find((entry) => entry.topicKey === form.get("topic"));
      if (!suggestion)
        refuseMailing("That suggestion is gone: it was written, or the print is taken. Reload the page.", 409);
      const id = await createMailing(
        db,
        { subject: suggestion.subject, body: suggestion.body, topicKeys: [suggestion.topicKey], webNoindex: false },
        suggestion.topicKey,
      );
      return redirect(`/admin/mailings/${id}?done=created`, { headers: noStore });
    }
    if (form.get("intent") !== "create") refuseMailing("Unknown action. Reload the page.", 400);
    const id = await createMailing(db, { ...draftFrom(form), body: "", topicKeys: [] });
    return redirect(`/admin/mailings/${id}?done=created`, { headers: noStore });
  } catch (error) {
    if (!(error instanceof MailingRefusal)) throw error;
    return data({ refused: { message: error.message } }, { status: error.status, headers: noStore });
  }
}
