import page from "virtual:content/pages/articles";
import { LongFormIndex } from "~/components/editorial/long-form";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import type { PageHandle } from "~/components/page-scripts";
import { listLongForm } from "~/content/long-form.server";
import { pageTitle } from "~/seo/page-title";
import { pageMeta } from "~/seo/social-meta";
import type { Route } from "./+types/articles._index";

// Complete as HTML: no framework JavaScript on this page (decision 011).
export const handle: PageHandle = { scripts: "none" };

export function loader() {
  return { page, pieces: listLongForm("articles") };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? pageMeta({ title: pageTitle(loaderData.page.title), description: loaderData.page.description, path: "/articles" })
    : [];

export default function ArticlesIndex({ loaderData }: Route.ComponentProps) {
  return <LongFormIndex title={loaderData.page.heading} intro={loaderData.page.intro} pieces={loaderData.pieces} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
