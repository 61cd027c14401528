import { data, useRouteError } from "react-router";
import { ContentHtml } from "#app/components/content-html.tsx";
import { errorPageTitle, GeneralErrorBoundary, NotFoundPage } from "#app/components/general-error-boundary.tsx";
import type { PageHandle } from "#app/components/page-scripts.tsx";
import { type NotFoundCopy, notFoundCopyOf } from "#app/content/not-found-copy.ts";
import { databaseContext } from "#app/db/context.ts";
import { answeringOutages } from "#app/http/outage-answers.server.ts";
import { publishedMailing } from "#app/mailings/mailing-records.server.ts";
import { mailingBodyHtml } from "#app/mailings/mailing-render.server.ts";
import { metaSite } from "#app/seo/meta-site.ts";
import { pageTitle } from "#app/seo/page-title.ts";
import type { Route } from "./+types/mailings.$slug";
import styles from "./mailings.$slug.module.css";

// A page of words: no script of its own (decision 011).
export const handle: PageHandle = { scripts: "none" };

const NOT_FOUND: NotFoundCopy = {
  title: "Mailing not found",
  heading: "There is no mailing at this address",
  message: "Check the link in the mail: every letter counts. A mailing has a page here once it has been sent.",
};

/** A sent mailing's web version (issue 41): linkable, the same words as the mail, no reader's link in it. */
export const loader = answeringOutages("page", async ({ params, context }: Route.LoaderArgs) => {
  const mailing = await publishedMailing(context.get(databaseContext).db, params.slug);
  if (!mailing) throw data(NOT_FOUND, { status: 404 });
  return {
    subject: mailing.subject,
    html: mailingBodyHtml(mailing.body),
    sentOn: (mailing.sendingAt ?? mailing.updatedAt).toISOString().slice(0, 10),
    noindex: mailing.webNoindex,
  };
});

export const meta: Route.MetaFunction = ({ loaderData, error, matches }) => {
  const site = metaSite(matches);
  if (!loaderData) {
    return [
      { title: pageTitle(site, notFoundCopyOf(error)?.title ?? (error ? errorPageTitle(error) : "Mailing")) },
      { name: "robots", content: "noindex" },
    ];
  }
  return [
    { title: pageTitle(site, loaderData.subject) },
    ...(loaderData.noindex ? [{ name: "robots", content: "noindex" }] : []),
  ];
};

export default function MailingWebVersion({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="page">
      <article className={styles.article}>
        <p className="eyebrow">From the studio · {loaderData.sentOn}</p>
        <h1>{loaderData.subject}</h1>
        <ContentHtml className={styles.body} html={loaderData.html} />
        <p>
          <a href="/subscribe">Subscribe to hear from the studio</a>
        </p>
      </article>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary notFound={<MailingNotFound />} />;
}

function MailingNotFound() {
  const copy = notFoundCopyOf(useRouteError());
  return <NotFoundPage title={copy?.heading} message={copy?.message} />;
}
