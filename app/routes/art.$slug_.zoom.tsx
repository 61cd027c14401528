import { data, useRouteError } from "react-router";
import { artworkZoomData } from "#app/components/artwork/artwork-zoom-data.server.ts";
import { ArtworkZoomView } from "#app/components/artwork/artwork-zoom-view.tsx";
import { GeneralErrorBoundary, NotFoundPage } from "#app/components/general-error-boundary.tsx";
import type { PageHandle } from "#app/components/page-scripts.tsx";
import { contentStoreContext } from "#app/content/content-store.server.ts";
import { type NotFoundCopy, notFoundCopyOf } from "#app/content/not-found-copy.ts";
import type { ArtPage } from "#app/content/pages/short-pages.server.ts";
import { metaSite } from "#app/seo/meta-site.ts";
import { pageTitle } from "#app/seo/page-title.ts";
import { absoluteUrl } from "#app/seo/social-meta.ts";
import type { Route } from "./+types/art.$slug_.zoom";

// Eager (decision 011): zooming is this page's one job and only JavaScript can do it, so React
// starts at once and fetches the viewer; waiting for the load event would only delay it. The
// page stays out of every other page's bundle: the viewer is loaded in an effect.
export const handle: PageHandle = { scripts: "eager" };

/** An unknown work: 404 with the words art.yaml gives that page. */
function workNotFound(art: ArtPage): never {
  const copy: NotFoundCopy = {
    title: art.work_not_found_title,
    heading: art.work_not_found_heading,
    message: art.work_not_found_message,
  };
  throw data(copy, { status: 404 });
}

export function loader({ params, context }: Route.LoaderArgs) {
  const content = context.get(contentStoreContext);
  const artwork = content.catalogue().find(params.slug);
  if (!artwork) workNotFound(content.page("art"));
  return { slug: artwork.slug, ...artworkZoomData(artwork) };
}

export const meta: Route.MetaFunction = ({ loaderData, error, matches }) => {
  if (!loaderData) {
    const title = notFoundCopyOf(error)?.title;
    return [...(title ? [{ title: pageTitle(metaSite(matches), title) }] : []), { name: "robots", content: "noindex" }];
  }
  const site = metaSite(matches);
  const { title } = loaderData.zoom;
  return [
    { title: pageTitle(site, `Zoom: ${title}`) },
    { name: "description", content: `${title} by ${site?.brand}, to zoom into up to its full resolution.` },
    // The work's own page is the one to index and share; this is a view of it.
    { name: "robots", content: "noindex" },
    { tagName: "link", rel: "canonical", href: absoluteUrl(`/art/${loaderData.slug}`) },
  ];
};

export default function ArtworkZoomPage({ loaderData }: Route.ComponentProps) {
  return <ArtworkZoomView zoom={loaderData.zoom} backHref={`/art/${loaderData.slug}`} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary notFound={<WorkNotFound />} />;
}

function WorkNotFound() {
  const copy = notFoundCopyOf(useRouteError());
  return <NotFoundPage title={copy?.heading} message={copy?.message} />;
}
