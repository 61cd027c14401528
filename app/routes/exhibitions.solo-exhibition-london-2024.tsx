import { Link } from "react-router";
import { Hero } from "~/components/editorial/hero";
import { ImageGrid } from "~/components/editorial/image-grid";
import { QuoteBlock } from "~/components/editorial/quote-block";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import type { PageHandle } from "~/components/page-scripts";
import { Picture } from "~/components/picture";
import { CATALOGUE_PDF_URL, cataloguePdfBytes } from "~/content/catalogue-pdf.server";
import { exhibitionBySlug } from "~/content/exhibition-lookup";
import { secretsWorks } from "~/content/exhibition-pages/secrets-works";
import { soloLondonContent } from "~/content/exhibition-pages/solo-london";
import { formatFileSize } from "~/content/file-size";
import { pageTitle } from "~/seo/page-title";
import { pageMeta } from "~/seo/social-meta";
import type { Route } from "./+types/exhibitions.solo-exhibition-london-2024";
import styles from "./exhibitions.module.css";

const exhibition = exhibitionBySlug("solo-exhibition-london-2024");

// Works as HTML first; React starts after the page has loaded (decision 011).
export const handle: PageHandle = { scripts: "deferred" };

export function loader() {
  const bytes = cataloguePdfBytes();
  return {
    content: soloLondonContent,
    works: secretsWorks(),
    pdf: { href: CATALOGUE_PDF_URL, size: bytes === null ? null : formatFileSize(bytes) },
  };
}

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: pageTitle(exhibition.title), description: exhibition.summary, path: exhibition.path });

export default function SoloExhibitionLondon({ loaderData }: Route.ComponentProps) {
  const { content, works, pdf } = loaderData;
  return (
    <main id="main" className="page">
      <p className="eyebrow">
        {exhibition.place} · May {exhibition.year}
      </p>
      <h1>{content.heading}</h1>
      <div className={styles.lede}>
        {content.intro.map((p) => (
          <p key={p.slice(0, 24)}>{p}</p>
        ))}
      </div>
      <Hero image={content.featureImage} />
      <QuoteBlock text={content.quote.text} cite={content.quote.cite} />

      <section aria-labelledby="documentation-title">
        <h2 id="documentation-title">The exhibition</h2>
        <ImageGrid images={content.documentation} label="Exhibition documentation" />
      </section>

      <section aria-labelledby="works-title">
        <h2 id="works-title">The twelve works</h2>
        <ul className={styles.works}>
          {works.map((work) => (
            <li key={work.slug}>
              <Link to={`/art/${work.slug}`} className={styles.work}>
                <span className={styles.workImage}>
                  <Picture
                    collection="artworks"
                    name={work.image}
                    alt=""
                    sizes="(max-width: 768px) 50vw, 300px"
                    className={styles.workPicture}
                  />
                </span>
                <span className={styles.workTitle}>{work.title}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="catalogue-title" className={styles.download}>
        <h2 id="catalogue-title">{content.catalogue.title}</h2>
        <p>{content.catalogue.text}</p>
        <a href={pdf.href} className="button" download>
          Download the catalogue (PDF{pdf.size ? `, ${pdf.size}` : ""})
        </a>
      </section>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
