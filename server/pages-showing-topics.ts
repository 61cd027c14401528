import type { ContentStore } from "#app/content/content-store.server.ts";
import type { SubscriptionService } from "#app/subscriptions/subscription-service.server.ts";

/**
 * What the artwork page prints of the subscription topics (issue 41), as a version for its kept
 * copy: the "Notify me" topic it offers when its work's or series' topic is open. Undefined
 * when it offers the standing topic only, as the build's file does.
 */
export function notifyTopicPageVersion(
  pathname: string,
  content: ContentStore,
  subscriptions: SubscriptionService,
): string | undefined {
  const slug = /^\/art\/([a-z0-9][a-z0-9-]*)$/.exec(pathname)?.[1];
  const work = slug ? content.catalogue().find(slug) : undefined;
  return work ? subscriptions.notifyTopicFor(work.slug, work.series)?.key : undefined;
}

/** Two kept-page versions as one; undefined when neither page part is live. */
export function joinedVersions(...versions: (string | undefined)[]): string | undefined {
  return versions.every((version) => version === undefined) ? undefined : versions.map((v) => v ?? "").join("\n");
}
