import { badInput } from "#app/admin/enquiries/inbox-input.server.ts";
import type { Catalogue } from "#app/catalogue/catalogue.ts";
import type { SubscriptionService } from "#app/subscriptions/subscription-service.server.ts";
import { activityRange, subscriberActivity } from "./subscriber-activity.ts";
import { readSubscriberFilter } from "./subscriber-filter.server.ts";
import { type TopicChoice, topicChoices } from "./topic-choices.ts";

/** Rows a page of the list shows. */
export const LIST_PAGE_SIZE = 50;

/** What a form done says, by the `done` the action redirected with. */
export const doneWords = {
  removed: "The subscriber is removed from every topic. Their address stays, marked as left, until it is forgotten.",
  opened: "The topic is open: visitors are offered it now.",
  closed: "The topic is closed: visitors are no longer offered it. Its subscribers stay.",
  reopened: "The topic is open again: visitors are offered it now.",
} as const;
export type DoneKey = keyof typeof doneWords;

/** Everything the Subscribers screen shows, for the filter in `url`. */
export async function readSubscribersPage(
  service: SubscriptionService,
  catalogue: Pick<Catalogue, "artworks">,
  url: URL,
  now: Date,
) {
  const filter = readSubscriberFilter(url);
  const [topics, days, rows] = await Promise.all([
    service.counts(),
    service.countsByDay(activityRange(now)),
    service.list({
      search: filter.q || undefined,
      status: filter.status,
      topicKey: filter.topic,
      before: filter.before,
      limit: LIST_PAGE_SIZE,
    }),
  ]);
  const labels = new Map(topics.map((topic) => [topic.key, topic.label]));
  if (filter.topic && !labels.has(filter.topic))
    badInput("There is no such topic: choose one from the list of topics.");
  const subscribers = rows.map((row) => ({
    id: row.id,
    address: row.address,
    status: row.status,
    since: (row.confirmedAt ?? row.createdAt).toISOString().slice(0, 10),
    leftOn: row.leftAt ? row.leftAt.toISOString().slice(0, 10) : null,
    topics: row.topics.map((key) => labels.get(key) ?? key),
    waiting: row.waiting.map((key) => labels.get(key) ?? key),
  }));
  const taken = new Set(topics.map((topic) => `${topic.kind}:${topic.target}`));
  const choices = topicChoices(catalogue);
  const untaken = (choice: TopicChoice) => !taken.has(`${choice.kind}:${choice.target}`);
  const done = url.searchParams.get("done");
  return {
    filter,
    topics,
    filterTopic: filter.topic ? (labels.get(filter.topic) ?? filter.topic) : undefined,
    activity: subscriberActivity(days, now, filter.topic),
    subscribers,
    // A full page may have more below it: its last row's id is where the next starts.
    olderFrom: rows.length === LIST_PAGE_SIZE ? rows.at(-1)?.id : undefined,
    choices: { series: choices.series.filter(untaken), works: choices.works.filter(untaken) },
    done: done && done in doneWords ? doneWords[done as DoneKey] : null,
  };
}

export type SubscribersPage = Awaited<ReturnType<typeof readSubscribersPage>>;
