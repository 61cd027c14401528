import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { outageTitle } from "#app/seo/outage-title.ts";
import { isChunkLoadError } from "./chunk-load-error.ts";
import { StackTrace, StatusPage } from "./status-page.tsx";

// Outages (app/http/outage-answers.server.ts): the heading says what is down, the detail what to do.
const titles: Record<number, string> = { 507: "Not saved" };

/** The heading of the page GeneralErrorBoundary shows for `error`, for a route's `meta` title. */
export function errorPageTitle(error: unknown): string {
  if (isRouteErrorResponse(error) && error.status === 404) return "Page not found";
  if (isChunkLoadError(error)) return "This page needs a reload";
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return outageTitle(error) ?? titles[status] ?? "Something went wrong";
}

/**
 * The one error boundary every route hands off to. Route modules re-export it as
 * `ErrorBoundary`, optionally passing their own not-found rendering.
 */
export function GeneralErrorBoundary({ notFound }: { notFound?: React.ReactNode } = {}) {
  const error = useRouteError();

  if (isRouteErrorResponse(error) && error.status === 404) {
    return notFound ?? <NotFoundPage />;
  }

  if (isChunkLoadError(error)) {
    return (
      <StatusPage
        code="↻"
        title="This page needs a reload"
        message="The site was updated since this tab was opened, so part of the page could not be loaded. Reloading fetches the new version."
        actions={
          <button type="button" className="button" onClick={() => window.location.reload()}>
            Reload
          </button>
        }
      />
    );
  }

  const detail = isRouteErrorResponse(error) && typeof error.data === "string" && error.data ? error.data : undefined;
  const stack = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;

  return (
    <StatusPage
      code={String(isRouteErrorResponse(error) ? error.status : 500)}
      title={errorPageTitle(error)}
      message={
        detail ??
        "We could not show this page. Please try again in a moment; if it keeps happening, let the studio know."
      }
      actions={
        <>
          <button type="button" className="button" onClick={() => window.location.reload()}>
            Try again
          </button>
          <Link to="/" className="button button-ghost">
            Go to the home page
          </Link>
        </>
      }
    >
      {stack ? <StackTrace stack={stack} /> : null}
    </StatusPage>
  );
}

export function NotFoundPage({
  title = "Page not found",
  message = "There is nothing at this address. It may have moved, or the link may be mistyped.",
}: {
  title?: string;
  message?: string;
}) {
  return (
    <StatusPage
      code="404"
      title={title}
      message={message}
      actions={
        <>
          <Link to="/" className="button">
            Go to the home page
          </Link>
          <Link to="/art" className="button button-ghost">
            Browse the artworks
          </Link>
        </>
      }
    />
  );
}
