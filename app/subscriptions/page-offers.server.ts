import type { SubscriptionService } from "./subscription-service.server.ts";
import { NOTIFY_ME_LABEL, type OfferedTopic, STANDING_TOPIC_KEYS, STANDING_TOPICS } from "./subscription-words.ts";

/** What a page's subscribe form offers: its heading, the topics and which start ticked. */
export interface PageOffer {
  heading: string;
  topics: OfferedTopic[];
  checked: string[];
}

/** The open topics among `keys`, from the service's memory (the standing ones without a service). */
function openOf(service: SubscriptionService | null, keys: readonly string[]): OfferedTopic[] {
  const offered = service ? service.offered() : STANDING_TOPICS;
  return keys.flatMap((key) => offered.filter((topic) => topic.key === key));
}

/** The home page: new work and exhibitions (ticked), and Icaro prints. */
export function homeOffer(service: SubscriptionService | null): PageOffer {
  const topics = openOf(service, [STANDING_TOPIC_KEYS.newWork, STANDING_TOPIC_KEYS.icaroPrints]);
  return { heading: "Hear about new work and exhibitions", topics, checked: [STANDING_TOPIC_KEYS.newWork] };
}

/** Prices: Icaro prints (ticked) and new work and exhibitions. */
export function pricesOffer(service: SubscriptionService | null): PageOffer {
  const topics = openOf(service, [STANDING_TOPIC_KEYS.icaroPrints, STANDING_TOPIC_KEYS.newWork]);
  return { heading: "Hear when Icaro prints are available", topics, checked: [STANDING_TOPIC_KEYS.icaroPrints] };
}

/**
 * The artwork page: "Notify me when a print of this is available" when the work's or its
 * series' topic is open (server/pages-showing-topics.ts keeps the page per that topic), else
 * new work and exhibitions.
 */
export function artworkOffer(service: SubscriptionService | null, workSlug: string, series: string): PageOffer {
  const notify = service?.notifyTopicFor(workSlug, series);
  if (notify) return { heading: NOTIFY_ME_LABEL, topics: [notify], checked: [notify.key] };
  const topics = openOf(service, [STANDING_TOPIC_KEYS.newWork]);
  return { heading: "New work and exhibitions", topics, checked: topics.map((t) => t.key) };
}
