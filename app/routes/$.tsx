import { data, useRouteError } from "react-router";
import { NotFoundPage } from "#app/components/general-error-boundary.tsx";
import type { PageHandle } from "#app/components/page-scripts.tsx";
import { contentStoreContext } from "#app/content/content-store.server.ts";
import { type NotFoundCopy, notFoundCopyOf } from "#app/content/not-found-copy.ts";
import { metaSite } from "#app/seo/meta-site.ts";
import { pageTitle } from "#app/seo/page-title.ts";
import type { Route } from "./+types/$";

// Any address no other route claims: a designed page, answered with HTTP 404.
// Complete as HTML: no framework JavaScript on this page (decision 011).
export const handle: PageHandle = { scripts: "none" };

// The loader always throws, so the page's copy (content/pages/not-found.yaml) travels as the
// 404's data: the error boundary and `meta` read it there.
export function loader({ context }: Route.LoaderArgs): never {
  const copy: NotFoundCopy = context.get(contentStoreContext).page("notFound");
  throw data(copy, { status: 404 });
}

export const meta: Route.MetaFunction = ({ error, matches }) => {
  const title = notFoundCopyOf(error)?.title;
  return [...(title ? [{ title: pageTitle(metaSite(matches), title) }] : []), { name: "robots", content: "noindex" }];
};

function NotFound() {
  const copy = notFoundCopyOf(useRouteError());
  return <NotFoundPage title={copy?.heading} message={copy?.message} />;
}

export default NotFound;

export function ErrorBoundary() {
  return <NotFound />;
}
