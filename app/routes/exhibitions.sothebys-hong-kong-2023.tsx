import { Link } from "react-router";
import { ImageGrid } from "~/components/editorial/image-grid";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import type { PageHandle } from "~/components/page-scripts";
import { exhibitionBySlug } from "~/content/exhibition-lookup";
import { auctionContent } from "~/content/exhibition-pages/auction";
import { pageTitle } from "~/seo/page-title";
import { pageMeta } from "~/seo/social-meta";
import type { Route } from "./+types/exhibitions.sothebys-hong-kong-2023";
import styles from "./exhibitions.module.css";

const exhibition = exhibitionBySlug("sothebys-hong-kong-2023");

// Works as HTML first; React starts after the page has loaded (decision 011).
export const handle: PageHandle = { scripts: "deferred" };

export function loader() {
  return { content: auctionContent };
}

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: pageTitle(exhibition.title), description: exhibition.summary, path: exhibition.path });

export default function SothebysHongKong({ loaderData }: Route.ComponentProps) {
  const { content } = loaderData;
  return (
    <main id="main" className="page">
      <p className="eyebrow">
        {exhibition.place} · March {exhibition.year}
      </p>
      <h1>{exhibition.title}</h1>
      <p className={styles.lede}>{content.intro}</p>
      <div className={styles.prose}>
        {content.sections.map((section) => (
          <section key={section.title} aria-labelledby={`auction-${section.title.replace(/\W+/g, "-").toLowerCase()}`}>
            <h2 id={`auction-${section.title.replace(/\W+/g, "-").toLowerCase()}`}>{section.title}</h2>
            {section.paragraphs.map((p) => (
              <p key={p.slice(0, 24)}>{p}</p>
            ))}
          </section>
        ))}
        <p>
          See the work in the catalogue: <Link to={`/art/${content.work.slug}`}>{content.work.title}</Link>.
        </p>
      </div>
      <div className={styles.links}>
        {content.links.map((link) => (
          <a key={link.href} href={link.href} className="button button-ghost" target="_blank" rel="noreferrer">
            {link.label}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        ))}
      </div>
      <section aria-labelledby="auction-gallery">
        <h2 id="auction-gallery">Gallery</h2>
        <ImageGrid images={content.gallery} label="Auction photographs" />
      </section>
      <section aria-labelledby="auction-notes">
        <h2 id="auction-notes">Technical notes: lot 1147</h2>
        <div className={styles.notes}>
          <div className={styles.note} lang="en">
            <h3>English</h3>
            {content.technicalNotes.english.map((line) => (
              <p key={line}>{line}</p>
            ))}
          </div>
          <div className={styles.note} lang="zh-Hant-HK">
            <h3>中文</h3>
            {content.technicalNotes.chinese.map((line) => (
              <p key={line}>{line}</p>
            ))}
          </div>
        </div>
      </section>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
