import { Hero } from "~/components/editorial/hero";
import { ImageGrid } from "~/components/editorial/image-grid";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import type { PageHandle } from "~/components/page-scripts";
import { exhibitionBySlug } from "~/content/exhibition-lookup";
import { miamiContent } from "~/content/exhibition-pages/miami";
import { pageTitle } from "~/seo/page-title";
import { pageMeta } from "~/seo/social-meta";
import type { Route } from "./+types/exhibitions.art-basel-miami-2023";
import styles from "./exhibitions.module.css";

const exhibition = exhibitionBySlug("art-basel-miami-2023");

// Works as HTML first; React starts after the page has loaded (decision 011).
export const handle: PageHandle = { scripts: "deferred" };

export function loader() {
  return { content: miamiContent };
}

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: pageTitle(exhibition.title), description: exhibition.summary, path: exhibition.path });

export default function ArtBaselMiami({ loaderData }: Route.ComponentProps) {
  const { content } = loaderData;
  return (
    <main id="main" className="page">
      <p className="eyebrow">
        {exhibition.place} · December {exhibition.year}
      </p>
      <h1>{exhibition.title}</h1>
      <Hero image={content.featureImage} />
      <p className={styles.lede}>
        <strong>{content.headline}.</strong> {content.intro}
      </p>
      <div className={styles.prose}>
        {content.sections.map((section) => (
          <section key={section.title} aria-labelledby={`miami-${section.title.replace(/\W+/g, "-").toLowerCase()}`}>
            <h2 id={`miami-${section.title.replace(/\W+/g, "-").toLowerCase()}`}>{section.title}</h2>
            {section.paragraphs.map((p) => (
              <p key={p.slice(0, 24)}>{p}</p>
            ))}
          </section>
        ))}
      </div>
      <section aria-labelledby="miami-gallery">
        <h2 id="miami-gallery">Gallery</h2>
        <ImageGrid images={content.gallery} label="Residency photographs" />
      </section>
      <section aria-labelledby="miami-firsts">
        <h2 id="miami-firsts">Three firsts</h2>
        <ol className={styles.firsts}>
          {content.firsts.map((first) => (
            <li key={first}>{first}</li>
          ))}
        </ol>
      </section>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
