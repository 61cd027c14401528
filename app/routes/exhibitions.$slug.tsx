import { data } from "react-router";
import { ExhibitionBlocks } from "~/components/exhibition-blocks/exhibition-blocks";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import type { PageHandle } from "~/components/page-scripts";
import { downloadSizes, findExhibition } from "~/exhibitions/exhibition-pages.server";
import { pageTitle } from "~/seo/page-title";
import { pageMeta } from "~/seo/social-meta";
import type { Route } from "./+types/exhibitions.$slug";

// Works as HTML first; React starts after the page has loaded (decision 011).
export const handle: PageHandle = { scripts: "deferred" };

/** Every exhibition page, from content/exhibitions/<slug>.yaml. */
export function loader({ params }: Route.LoaderArgs) {
  const exhibition = findExhibition(params.slug);
  if (!exhibition) throw data(null, { status: 404 });
  return { exhibition, downloadSizes: downloadSizes(exhibition) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: pageTitle("Page Not Found") }, { name: "robots", content: "noindex" }];
  const { exhibition } = loaderData;
  return pageMeta({ title: pageTitle(exhibition.title), description: exhibition.summary, path: exhibition.path });
};

export default function ExhibitionPage({ loaderData }: Route.ComponentProps) {
  const { exhibition } = loaderData;
  return (
    <main id="main" className="page">
      <p className="eyebrow">{exhibition.eyebrow}</p>
      <h1>{exhibition.heading}</h1>
      <ExhibitionBlocks exhibition={exhibition} downloadSizes={loaderData.downloadSizes} />
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
