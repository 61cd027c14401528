import notFound from "virtual:content/pages/not-found";
import { data } from "react-router";
import { NotFoundPage } from "#app/components/general-error-boundary.tsx";
import type { PageHandle } from "#app/components/page-scripts.tsx";
import { pageTitle } from "#app/seo/page-title.ts";
import type { Route } from "./+types/$";

// Any address no other route claims: a designed page, answered with HTTP 404.
// Complete as HTML: no framework JavaScript on this page (decision 011).
export const handle: PageHandle = { scripts: "none" };

export function loader() {
  throw data("Not found", { status: 404 });
}

// The loader always throws, so there is no loader data: the copy is imported here. The page
// loads no JavaScript, so it adds nothing a visitor downloads.
export const meta: Route.MetaFunction = () => [
  { title: pageTitle(notFound.title) },
  { name: "robots", content: "noindex" },
];

function NotFound() {
  return <NotFoundPage title={notFound.heading} message={notFound.message} />;
}

export default NotFound;

export function ErrorBoundary() {
  return <NotFound />;
}
