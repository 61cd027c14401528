import { createContext } from "react-router";
import type { Database, Unlisten } from "#app/db/database.server.ts";
import type { SubscriptionTopic } from "#app/db/subscription-schema.ts";
import { signUp } from "./sign-up.server.ts";
import {
  dailyCounts,
  exportRows,
  forgetAddress,
  listSubscribers,
  recipientsOf,
  type SubscriberQuery,
  topicCounts,
} from "./subscriber-records.server.ts";
import type { OpenTopicInput, SubscribeInput } from "./subscription-input.server.ts";
import { issueToken } from "./subscription-tokens.server.ts";
import { allTopics, closeTopic, openTopic, reopenTopic, TOPICS_CHANNEL } from "./subscription-topics.server.ts";
import { type OfferedTopic, STANDING_TOPICS } from "./subscription-words.ts";
import { changeTopicsByLink, confirmLink, leaveByLink, manageLink, removeSubscriber } from "./token-actions.server.ts";

export interface SubscriptionServiceOptions {
  /** The clock tokens, days and the once-a-day rule are judged by (tests move it). */
  now?: () => Date;
  /** Reading the offered topics failed; the last known stay. */
  onError?: (error: unknown) => void;
}

/**
 * Subscriptions by topic (issue 41), the one entry point for routes and the studio. Built once
 * per process (server/services.ts) and handed to routes as `subscriptionServiceContext`.
 *
 * Visitors: `subscribe` (double opt-in: only a confirmation mail, at most one a day per
 * address), `confirm(token)`, `manage(token)`, `changeTopics(token, keys)`, `leave(token)`,
 * `oneClickUnsubscribe(token)` (RFC 8058). Each token is single-purpose (confirm or manage),
 * stored as its SHA-256 only, and names its subscriber: it can never touch another address.
 * Refusals are `SubscriptionRefusal`s (a sentence and a 4xx); link outcomes say why a link did
 * not work instead of throwing.
 *
 * Studio: `openTopic`/`closeTopic`/`reopenTopic`, `topics`, `counts` (per topic), `countsByDay`,
 * `list` (search, keyset pages), `exportRows`, `remove(id)` (leaving on their behalf),
 * `forget(address)`; the mailing sender: `recipients` and `issueManageToken` (one fresh manage
 * token per recipient per mailing, for subscription-links' `manageUrl`/`unsubscribeUrl`).
 *
 * It keeps the open topics in memory for the public pages (`offered()`), read at start and
 * again whenever any process opens or closes one (NOTIFY `subscription_topics_changed`).
 */
export class SubscriptionService {
  readonly #database: Database;
  readonly #now: () => Date;
  readonly #onError: (error: unknown) => void;
  #offered: SubscriptionTopic[] = [];
  #version = 0;
  #unlisten: Unlisten | undefined;

  constructor(database: Database, options: SubscriptionServiceOptions = {}) {
    this.#database = database;
    this.#now = options.now ?? (() => new Date());
    this.#onError = options.onError ?? (() => {});
  }

  get #db() {
    return this.#database.db;
  }

  /** Listens for topic changes, then reads the open topics. */
  async start(): Promise<void> {
    this.#unlisten = await this.#database.listen(TOPICS_CHANNEL, {
      onPayload: () => void this.#readOffered(),
      onGap: () => void this.#readOffered(),
      onDrop: () => {},
    });
    await this.#readOffered();
  }

  async stop(): Promise<void> {
    await this.#unlisten?.().catch(() => {});
    this.#unlisten = undefined;
  }

  async #readOffered(): Promise<void> {
    try {
      this.#offered = (await allTopics(this.#db)).filter((topic) => topic.open);
      this.#version += 1;
    } catch (error) {
      this.#onError(error);
    }
  }

  /** The open topics, from memory: what the forms offer. */
  offered(): OfferedTopic[] {
    return this.#offered.map(({ key, label }) => ({ key, label }));
  }

  /** The open topic of a work, else of its series (the artwork page's "Notify me"), from memory. */
  notifyTopicFor(workSlug: string, series: string): OfferedTopic | undefined {
    const topic =
      this.#offered.find((t) => t.kind === "work" && t.target === workSlug) ??
      this.#offered.find((t) => t.kind === "series" && t.target?.toLowerCase() === series.toLowerCase());
    return topic ? { key: topic.key, label: topic.label } : undefined;
  }

  /** Moves whenever the open topics were read again: for pages kept in memory. */
  version(): number {
    return this.#version;
  }

  subscribe(input: SubscribeInput) {
    return signUp(this.#db, input, this.#now());
  }
  confirm(token: string) {
    return confirmLink(this.#db, token, this.#now());
  }
  manage(token: string) {
    return manageLink(this.#db, token, this.#now());
  }
  changeTopics(token: string, topicKeys: readonly string[]) {
    return changeTopicsByLink(this.#db, token, topicKeys, this.#now());
  }
  leave(token: string) {
    return leaveByLink(this.#db, token, this.#now());
  }
  /** RFC 8058's POST: the same as leaving, for a live manage token only. */
  oneClickUnsubscribe(token: string) {
    return leaveByLink(this.#db, token, this.#now());
  }

  async openTopic(input: OpenTopicInput) {
    const topic = await openTopic(this.#db, input);
    await this.#readOffered();
    return topic;
  }
  async closeTopic(key: string) {
    const topic = await closeTopic(this.#db, key);
    await this.#readOffered();
    return topic;
  }
  async reopenTopic(key: string) {
    const topic = await reopenTopic(this.#db, key);
    await this.#readOffered();
    return topic;
  }
  topics() {
    return allTopics(this.#db);
  }
  counts() {
    return topicCounts(this.#db);
  }
  countsByDay(range?: { from?: string; to?: string }) {
    return dailyCounts(this.#db, range);
  }
  list(query?: SubscriberQuery) {
    return listSubscribers(this.#db, query);
  }
  exportRows() {
    return exportRows(this.#db);
  }
  /** The studio's "Remove": leaving every topic on the subscriber's behalf. */
  remove(subscriberId: number) {
    return removeSubscriber(this.#db, subscriberId, this.#now());
  }
  forget(address: string) {
    return forgetAddress(this.#db, address);
  }
  recipients(topicKeys: readonly string[]) {
    return recipientsOf(this.#db, topicKeys);
  }
  /** A fresh manage token for one mailing's recipient (hash stored); the raw token goes in that mail only. */
  issueManageToken(subscriberId: number) {
    return issueToken(this.#db, subscriberId, "manage", this.#now());
  }
}

/**
 * The process's service; null where none runs (the build's prerender): pages offer the standing
 * topics. (A context whose default is undefined has none: React Router would throw.)
 */
export const subscriptionServiceContext = createContext<SubscriptionService | null>(null);

/** What a form offers: the service's open topics, or the standing ones without a service. */
export function offeredTopics(service: SubscriptionService | null): OfferedTopic[] {
  return service ? service.offered() : [...STANDING_TOPICS];
}
