import type { RouterContextProvider } from "react-router";
import { readPostedForm } from "#app/http/posted-form.server.ts";
import { SubscriptionRefusal } from "./subscription-refusal.ts";
import { subscriptionServiceContext } from "./subscription-service.server.ts";
import { subscribeFields } from "./subscription-words.ts";
import type { ManageView } from "./token-actions.server.ts";
import { linkProblems } from "./token-actions.server.ts";

/** What the manage page shows: the subscription, or why the link did not work. */
export type ManagePageData = { ok: true; view: ManageView } | { ok: false; problem: string };

/** What a change answered: a sentence, and the status (200 done, 4xx refused). */
export interface ManageAnswer {
  status: 200 | 400 | 404 | 409 | 410 | 413 | 415 | 422;
  message: string;
  view?: ManageView;
}

const MAX_MANAGE_BODY_BYTES = 8 * 1024;

function serviceOf(context: Readonly<RouterContextProvider>) {
  const service = context.get(subscriptionServiceContext);
  if (!service) throw new Response("Subscriptions are not running on this server.", { status: 503 });
  return service;
}

export async function manageLoader(token: string, context: Readonly<RouterContextProvider>): Promise<ManagePageData> {
  const outcome = await serviceOf(context).manage(token.slice(0, 200));
  return outcome.ok ? outcome : { ok: false, problem: linkProblems[outcome.reason] };
}

/**
 * A POST of the manage page: `intent=save` with the topics ticked (none: leave), or
 * `intent=leave`. React Router refuses another site's POST to a page before this runs.
 */
export async function manageAction(
  token: string,
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<ManageAnswer> {
  const service = serviceOf(context);
  const form = await readPostedForm(request, MAX_MANAGE_BODY_BYTES, {
    wrongType: "This page takes its own form only. Open the link again and choose there.",
    tooLong: "The form was too long. Open the link again and choose there.",
  });
  if (!(form instanceof FormData)) return { status: form.status, message: form.message };
  const intent = form.get("intent");
  if (intent !== "save" && intent !== "leave") return { status: 400, message: "Choose Save topics or Leave entirely." };
  const raw = token.slice(0, 200);
  try {
    if (intent === "leave") await service.leave(raw);
    else await service.changeTopics(raw, form.getAll(subscribeFields.topics).map(String));
  } catch (error) {
    if (error instanceof SubscriptionRefusal)
      return { status: error.status === 400 ? 400 : error.status, message: error.message };
    throw error;
  }
  const after = await service.manage(raw);
  const left = after.ok && after.view.status === "left";
  return {
    status: 200,
    message: left
      ? "You have left: no more mailings will reach this address."
      : "Saved: your topics are as ticked below.",
    view: after.ok ? after.view : undefined,
  };
}
