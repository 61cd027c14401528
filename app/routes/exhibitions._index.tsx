import { Link } from "react-router";
import { GeneralErrorBoundary } from "#app/components/general-error-boundary.tsx";
import type { PageHandle } from "#app/components/page-scripts.tsx";
import { Picture } from "#app/components/picture.tsx";
import { contentStoreContext } from "#app/content/content-store.server.ts";
import { imageRefsIn, picturesFor } from "#app/images/picture-images.server.ts";
import { metaSite } from "#app/seo/meta-site.ts";
import { pageTitle } from "#app/seo/page-title.ts";
import { pageMeta } from "#app/seo/social-meta.ts";
import type { Route } from "./+types/exhibitions._index";
import styles from "./exhibitions._index.module.css";

// Complete as HTML: no framework JavaScript on this page (decision 011).
export const handle: PageHandle = { scripts: "none" };

/** Every exhibition as a card, in the menu's order (content/exhibitions/), under the page's copy. */
export function loader({ context }: Route.LoaderArgs) {
  const content = context.get(contentStoreContext);
  const exhibitions = content.exhibitionLinks();
  const pictures = picturesFor(imageRefsIn(exhibitions.map((e) => e.featureImage)), content.pageImages());
  return { page: content.page("exhibitions"), exhibitions, pictures };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta({
        site: metaSite(matches),
        title: pageTitle(metaSite(matches), loaderData.page.title),
        description: loaderData.page.description,
        path: "/exhibitions",
      })
    : [];

export default function Exhibitions({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  // The first picture is above the fold on phones and laptops alike.
  const firstWithImage = loaderData.exhibitions.find((e) => e.featureImage)?.slug;
  return (
    <main id="main" className="page">
      <p className="eyebrow">{page.eyebrow}</p>
      <h1>{page.heading}</h1>
      <p className={styles.lede}>{page.lede}</p>
      <ul className={styles.cards}>
        {loaderData.exhibitions.map((exhibition) => (
          <li key={exhibition.slug} className={styles.card}>
            {exhibition.featureImage ? (
              <Picture
                collection={exhibition.featureImage.collection}
                name={exhibition.featureImage.name}
                alt={exhibition.featureImage.alt}
                sizes="(max-width: 768px) calc(100vw - 32px), (max-width: 1200px) 50vw, 560px"
                priority={exhibition.slug === firstWithImage}
                className={styles.image}
              />
            ) : (
              <div className={styles.noImage} aria-hidden="true">
                {exhibition.year}
              </div>
            )}
            <div className={styles.body}>
              <p className={styles.meta}>
                {exhibition.year} · {exhibition.place}
              </p>
              <h2 className={styles.title}>
                <Link to={exhibition.path} className={styles.link}>
                  {exhibition.title}
                </Link>
              </h2>
              <p className={styles.summary}>{exhibition.summary}</p>
            </div>
          </li>
        ))}
      </ul>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
