import { data, redirect } from "react-router";
import { z } from "zod";
import type { Catalogue } from "#app/catalogue/catalogue.ts";
import { topicKeySchema } from "#app/subscriptions/subscription-input.server.ts";
import { SubscriptionRefusal } from "#app/subscriptions/subscription-refusal.ts";
import type { SubscriptionService } from "#app/subscriptions/subscription-service.server.ts";
import type { DoneKey } from "./subscribers-page.server.ts";
import { topicChoices } from "./topic-choices.ts";

const noStore = { "Cache-Control": "no-store" };

export const subscriberIntents = ["remove", "open-topic", "close-topic", "reopen-topic"] as const;
export type SubscriberIntent = (typeof subscriberIntents)[number];

/** A refused form, sent back with a sentence and what was typed (the open-topic form keeps it). */
export interface SubscriberRefusalData {
  refused: { intent: SubscriberIntent | null; message: string; values: Record<string, string> };
}

/** A 4xx with a sentence, nothing written: a form the screen could not have sent, or one the service refused. */
class FormProblem extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

const subscriberId = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);
const openTopicForm = z.object({
  target: z.string().max(260),
  label: z.string().trim().max(200, "A topic's label is at most 200 characters."),
});

function field(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

function parsed<T>(schema: z.ZodType<T>, value: unknown, problem: string): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new FormProblem(result.error.issues[0]?.message ?? problem, 422);
  return result.data;
}

/** Opens a topic for a series or a work of the catalogue, labelled as typed or by default. */
async function openFromForm(service: SubscriptionService, catalogue: Pick<Catalogue, "artworks">, form: FormData) {
  const input = parsed(openTopicForm, { target: field(form, "target"), label: field(form, "label") }, "");
  const choices = topicChoices(catalogue);
  const choice = [...choices.series, ...choices.works].find((known) => known.value === input.target);
  if (!choice) throw new FormProblem("Choose a series or a work from the list.", 422);
  await service.openTopic({ kind: choice.kind, target: choice.target, label: input.label || choice.defaultLabel });
}

async function change(
  service: SubscriptionService,
  catalogue: Pick<Catalogue, "artworks">,
  intent: SubscriberIntent,
  form: FormData,
): Promise<DoneKey> {
  switch (intent) {
    case "remove":
      await service.remove(parsed(subscriberId, field(form, "id"), "There is no such subscriber. Reload the page."));
      return "removed";
    case "open-topic":
      await openFromForm(service, catalogue, form);
      return "opened";
    case "close-topic":
    case "reopen-topic": {
      const key = parsed(topicKeySchema, field(form, "topic"), "There is no topic by that key.");
      await (intent === "close-topic" ? service.closeTopic(key) : service.reopenTopic(key));
      return intent === "close-topic" ? "closed" : "reopened";
    }
  }
}

/**
 * Runs a form of the Subscribers screen: on success a redirect back (reloading sends nothing
 * again) saying what was done, keeping the list's filter; refused, the sentence with its 4xx and
 * what was typed, nothing written.
 */
export async function runSubscribersForm(
  service: SubscriptionService,
  catalogue: Pick<Catalogue, "artworks">,
  form: FormData,
  returnTo: string,
) {
  const intent = subscriberIntents.find((known) => known === form.get("intent")) ?? null;
  const values = { target: field(form, "target").slice(0, 260), label: field(form, "label").slice(0, 300) };
  if (!intent) return refusal({ intent, message: "Unknown action. Reload the page.", values }, 400);
  try {
    const done = await change(service, catalogue, intent, form);
    const url = new URL(returnTo, "http://studio");
    url.searchParams.set("done", done);
    return redirect(`${url.pathname}${url.search}`, { headers: noStore });
  } catch (error) {
    if (!(error instanceof FormProblem || error instanceof SubscriptionRefusal)) throw error;
    return refusal({ intent, message: error.message, values }, error.status);
  }
}

function refusal(refused: SubscriberRefusalData["refused"], status: number) {
  return data<SubscriberRefusalData>({ refused }, { status, headers: noStore });
}
