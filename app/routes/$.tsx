import { data, isRouteErrorResponse, useRouteError } from "react-router";
import { NotFoundPage } from "#app/components/general-error-boundary.tsx";
import type { PageHandle } from "#app/components/page-scripts.tsx";
import { contentStoreContext } from "#app/content/content-store.server.ts";
import type { NotFoundPage as NotFoundCopy } from "#app/content/pages/short-pages.server.ts";
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

function notFoundCopy(error: unknown): NotFoundCopy | undefined {
  return isRouteErrorResponse(error) && error.status === 404 ? (error.data as NotFoundCopy) : undefined;
}

export const meta: Route.MetaFunction = ({ error }) => {
  const title = notFoundCopy(error)?.title;
  return [...(title ? [{ title: pageTitle(title) }] : []), { name: "robots", content: "noindex" }];
};

function NotFound() {
  const copy = notFoundCopy(useRouteError());
  return <NotFoundPage title={copy?.heading} message={copy?.message} />;
}

export default NotFound;

export function ErrorBoundary() {
  return <NotFound />;
}
