import { data } from "react-router";
import { NotFoundPage } from "~/components/general-error-boundary";
import type { PageHandle } from "~/components/page-scripts";
import { pageTitle } from "~/seo/page-title";
import type { Route } from "./+types/$";

// Any address no other route claims: a designed page, answered with HTTP 404.
// Complete as HTML: no framework JavaScript on this page (decision 011).
export const handle: PageHandle = { scripts: "none" };

export function loader() {
  throw data("Not found", { status: 404 });
}

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Page Not Found") },
  { name: "robots", content: "noindex" },
];

export default function NotFound() {
  return <NotFoundPage />;
}

export function ErrorBoundary() {
  return <NotFoundPage />;
}
