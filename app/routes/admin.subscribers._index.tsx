import { Link } from "react-router";
import { adminMeta } from "#app/admin/admin-page.ts";
import studio from "#app/admin/studio.module.css";
import { studioWriteAccess } from "#app/admin/studio-access.server.ts";
import { gateError, StudioGate } from "#app/admin/studio-gate.tsx";
import { StudioHead } from "#app/admin/studio-head.tsx";
import { studioScreenAction, studioScreenLoader } from "#app/admin/studio-screen.server.ts";
import { runSubscribersForm, type SubscriberRefusalData } from "#app/admin/subscribers/subscriber-actions.server.ts";
import { SubscriberActivityChart } from "#app/admin/subscribers/subscriber-activity-chart.tsx";
import { SubscriberList } from "#app/admin/subscribers/subscriber-list.tsx";
import { OpenTopicForm, SubscriberTopics } from "#app/admin/subscribers/subscriber-topics.tsx";
import styles from "#app/admin/subscribers/subscribers.module.css";
import { readSubscribersPage } from "#app/admin/subscribers/subscribers-page.server.ts";
import { subscriptionServiceAtHand } from "#app/admin/subscribers/subscription-service-at-hand.server.ts";
import { contentStoreContext } from "#app/content/content-store.server.ts";
import type { Route } from "./+types/admin.subscribers._index";

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) =>
  adminMeta({ matches, error }, loaderData?.state === "admin" ? "Subscribers" : "Admin Login");

export const loader = studioScreenLoader(async ({ request, context }: Route.LoaderArgs) => {
  const service = subscriptionServiceAtHand(context);
  const catalogue = context.get(contentStoreContext).catalogueWithHidden();
  const page = await readSubscribersPage(service, catalogue, new URL(request.url), new Date());
  return { page };
});

/** The sign-in steps and Sign Out, then removing a subscriber and opening, closing or reopening a topic. */
export const action = studioScreenAction("/admin/subscribers", async ({ request, context }: Route.ActionArgs, form) => {
  const allowed = await studioWriteAccess(request, context, "changing the subscribers");
  if (!allowed.ok) return allowed.answer;
  const catalogue = context.get(contentStoreContext).catalogueWithHidden();
  // Back to the list as it was filtered; only this screen's own address, whatever was posted.
  const url = new URL(request.url);
  url.searchParams.delete("done");
  url.searchParams.delete("index");
  return runSubscribersForm(subscriptionServiceAtHand(context), catalogue, form, `/admin/subscribers${url.search}`);
});

export default function SubscribersPage({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.state !== "admin")
    return <StudioGate screen="subscribers" state={loaderData.state} error={gateError(actionData)} />;
  const { page } = loaderData;
  const refused = actionData && "refused" in actionData ? (actionData as SubscriberRefusalData).refused : undefined;
  const reached = page.topics.reduce((sum, topic) => sum + topic.confirmed, 0);
  return (
    <>
      <StudioHead
        title="Subscribers"
        account={
          <>
            Who asked to hear from the studio, and about what. {reached.toLocaleString("en-US")} confirmed topic
            subscriptions. Signed in as {loaderData.email}.
          </>
        }
      >
        <a href="/admin/subscribers/export.csv" className="button button-ghost" download>
          Download the List (CSV)
        </a>
        <Link to="/admin/subscribers/forget" className="button button-ghost">
          Forget an Address
        </Link>
      </StudioHead>
      {page.done ? (
        <p className={styles.done} role="status">
          {page.done}
        </p>
      ) : null}
      {refused && refused.intent !== "open-topic" ? (
        <p className={styles.refused} role="alert">
          {refused.message}
        </p>
      ) : null}
      <section aria-labelledby="topics-heading" className={studio.panel}>
        <h2 id="topics-heading" className={studio.sectionTitle}>
          Topics
        </h2>
        <SubscriberTopics topics={page.topics} />
        <OpenTopicForm choices={page.choices} refused={refused} />
      </section>
      <SubscriberActivityChart activity={page.activity} topic={page.filterTopic} />
      <SubscriberList page={page} />
    </>
  );
}
