import { data, useRouteError } from "react-router";
import { DeepZoomViewer } from "#app/components/deep-zoom-viewer.tsx";
import { GeneralErrorBoundary, NotFoundPage } from "#app/components/general-error-boundary.tsx";
import type { PageHandle } from "#app/components/page-scripts.tsx";
import { Picture } from "#app/components/picture.tsx";
import { contentStoreContext } from "#app/content/content-store.server.ts";
import { type NotFoundCopy, notFoundCopyOf } from "#app/content/not-found-copy.ts";
import type { ArtPage } from "#app/content/pages/short-pages.server.ts";
import { zoomDescriptorUrl } from "#app/images/deep-zoom-source.ts";
import { imageInfo } from "#app/images/image-info.server.ts";
import { pictureKey } from "#app/images/picture-images.ts";
import { metaSite } from "#app/seo/meta-site.ts";
import { pageTitle } from "#app/seo/page-title.ts";
import { absoluteUrl } from "#app/seo/social-meta.ts";
import type { Route } from "./+types/art.$slug_.zoom";
import styles from "./art.$slug_.zoom.module.css";

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
  const image = imageInfo("artworks", artwork.imageLarge);
  return {
    slug: artwork.slug,
    title: artwork.title,
    imageName: artwork.imageLarge,
    placeholder: image.placeholder,
    pictures: { [pictureKey("artworks", artwork.imageLarge)]: image },
    // Carries the pyramid's version, so its tiles can be cached for good (decision 023).
    descriptorUrl: zoomDescriptorUrl(artwork.imageLarge, image.version),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, error, matches }) => {
  if (!loaderData) {
    const title = notFoundCopyOf(error)?.title;
    return [...(title ? [{ title: pageTitle(metaSite(matches), title) }] : []), { name: "robots", content: "noindex" }];
  }
  const site = metaSite(matches);
  return [
    { title: pageTitle(site, `Zoom: ${loaderData.title}`) },
    { name: "description", content: `${loaderData.title} by ${site?.brand}, to zoom into up to its full resolution.` },
    // The work's own page is the one to index and share; this is a view of it.
    { name: "robots", content: "noindex" },
    { tagName: "link", rel: "canonical", href: absoluteUrl(`/art/${loaderData.slug}`) },
  ];
};

export default function ArtworkZoomPage({ loaderData }: Route.ComponentProps) {
  const { slug, title, imageName, placeholder, descriptorUrl } = loaderData;
  return (
    <main id="main" className={styles.page}>
      <h1 className="visually-hidden">Zoom: {title}</h1>
      <DeepZoomViewer
        descriptorUrl={descriptorUrl}
        title={title}
        placeholder={placeholder}
        backLink={
          <a href={`/art/${slug}`} className={`button button-ghost ${styles.back}`}>
            ← Back to the work
          </a>
        }
        fallback={
          <div className={styles.fallback}>
            <Picture
              collection="artworks"
              name={imageName}
              alt={title}
              sizes="(max-width: 1920px) 100vw, 1920px"
              className={styles.fallbackImage}
            />
            <p className={styles.fallbackNote}>
              Zooming into the work needs JavaScript. Here it is at its largest normal size.
            </p>
          </div>
        }
      />
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary notFound={<WorkNotFound />} />;
}

function WorkNotFound() {
  const copy = notFoundCopyOf(useRouteError());
  return <NotFoundPage title={copy?.heading} message={copy?.message} />;
}
