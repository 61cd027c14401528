import { and, gt, inArray } from "drizzle-orm";
import type { Catalogue } from "#app/catalogue/catalogue.ts";
import type { AppDatabase } from "#app/db/database.server.ts";
import { mailings } from "#app/db/mailing-schema.ts";
import type { EditionAvailability } from "#app/editions/edition-availability.server.ts";
import type { TopicCount } from "#app/subscriptions/subscriber-records.server.ts";
import { IMAGE_PREFIX } from "./mailing-render.server.ts";

/** A "Notify me" topic answered at most this often, however often its prints come and go. */
export const NOTIFY_QUIET_DAYS = 14;

/** A mailing the studio is offered, already written: a print it was asked about is available. */
export interface NotifySuggestion {
  topicKey: string;
  /** Who asked: the topic's confirmed subscribers. */
  subscribers: number;
  subject: string;
  body: string;
  /** "Edition of 8 · 3 available", for the studio's list. */
  line: string;
}

/**
 * The "Notify me" mailings to offer now (issue 41): for each work topic (and series topic) with
 * confirmed subscribers whose work has a print available in the ledger, unless one was written
 * for that topic in the last NOTIFY_QUIET_DAYS days. The studio reviews and sends; nothing goes
 * out by itself.
 */
export async function notifySuggestions(
  db: AppDatabase,
  topics: readonly TopicCount[],
  availability: EditionAvailability,
  catalogue: Pick<Catalogue, "artworks" | "find">,
  now: Date,
): Promise<NotifySuggestion[]> {
  const candidates = topics.flatMap((topic) => {
    if (topic.confirmed === 0 || !topic.target) return [];
    const works =
      topic.kind === "work"
        ? [catalogue.find(topic.target)].filter((work) => work !== undefined)
        : topic.kind === "series"
          ? catalogue.artworks.filter((work) => work.series === topic.target)
          : [];
    const available = works.flatMap((work) => {
      const summary = availability.summary(work.slug);
      return summary && summary.prints.available > 0 ? [{ work, line: summary.line }] : [];
    });
    const first = available[0];
    if (!first) return [];
    const subject =
      topic.kind === "work"
        ? `A print of ${first.work.title} is available`
        : `A print from the ${topic.target} series is available`;
    const body = [
      `![${first.work.title}](${IMAGE_PREFIX}artworks/${first.work.imageLarge})`,
      "",
      `**${first.work.title}** (${first.work.year}): ${first.line}.`,
      "",
      `You asked to hear when a print became available. [See the work](/art/${first.work.slug}), or reply to this message to ask about it.`,
    ].join("\n");
    return [{ topicKey: topic.key, subscribers: topic.confirmed, subject, body, line: first.line }];
  });
  if (candidates.length === 0) return [];
  const since = new Date(now.getTime() - NOTIFY_QUIET_DAYS * 24 * 60 * 60_000);
  const recent = await db
    .select({ key: mailings.notifyTopicKey })
    .from(mailings)
    .where(
      and(
        inArray(
          mailings.notifyTopicKey,
          candidates.map((candidate) => candidate.topicKey),
        ),
        gt(mailings.createdAt, since),
      ),
    );
  return candidates.filter((candidate) => !recent.some((row) => row.key === candidate.topicKey));
}
