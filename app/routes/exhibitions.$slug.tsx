import { data } from "react-router";
import { servedCataloguePdfContext } from "#app/catalogue-pdf/catalogue-pdf.server.ts";
import { ImageViewerScript } from "#app/components/editorial/image-viewer-script.tsx";
import { ExhibitionBlocks } from "#app/components/exhibition-blocks/exhibition-blocks.tsx";
import { GeneralErrorBoundary } from "#app/components/general-error-boundary.tsx";
import type { PageHandle } from "#app/components/page-scripts.tsx";
import { contentStoreContext } from "#app/content/content-store.server.ts";
import { downloadSizes } from "#app/exhibitions/exhibition-pages.server.ts";
import { exhibitionPictures } from "#app/exhibitions/exhibition-pictures.server.ts";
import { metaSite } from "#app/seo/meta-site.ts";
import { pageTitle } from "#app/seo/page-title.ts";
import { pageMeta } from "#app/seo/social-meta.ts";
import type { Route } from "./+types/exhibitions.$slug";

// No framework (decision 058): the image viewer, the page's one moving part, has its own lines.
export const handle: PageHandle = { scripts: "none" };

/** Every exhibition page, from content/exhibitions/<slug>.yaml. */
export function loader({ params, context }: Route.LoaderArgs) {
  const content = context.get(contentStoreContext);
  const exhibition = content.findExhibition(params.slug);
  if (!exhibition) throw data(null, { status: 404 });
  return {
    exhibition,
    downloadSizes: downloadSizes(exhibition, context.get(servedCataloguePdfContext)),
    pictures: exhibitionPictures(exhibition, content.pageImages()),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData)
    return [{ title: pageTitle(metaSite(matches), "Page Not Found") }, { name: "robots", content: "noindex" }];
  const { exhibition } = loaderData;
  return pageMeta({
    site: metaSite(matches),
    title: pageTitle(metaSite(matches), exhibition.title),
    description: exhibition.summary,
    path: exhibition.path,
  });
};

export default function ExhibitionPage({ loaderData }: Route.ComponentProps) {
  const { exhibition } = loaderData;
  return (
    <main id="main" className="page">
      <p className="eyebrow">{exhibition.eyebrow}</p>
      <h1>{exhibition.heading}</h1>
      <ExhibitionBlocks exhibition={exhibition} downloadSizes={loaderData.downloadSizes} />
      <ImageViewerScript />
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
