import { Link } from "react-router";
import { cataloguePdfBytes, servedCataloguePdfContext } from "#app/catalogue-pdf/catalogue-pdf.server.ts";
import { GeneralErrorBoundary } from "#app/components/general-error-boundary.tsx";
import type { PageHandle } from "#app/components/page-scripts.tsx";
import { contentStoreContext } from "#app/content/content-store.server.ts";
import type { CvEntry } from "#app/content/pages/cv.server.ts";
import { formatFileSize } from "#app/format/file-size.ts";
import { metaSite } from "#app/seo/meta-site.ts";
import { pageTitle } from "#app/seo/page-title.ts";
import { pageMeta } from "#app/seo/social-meta.ts";
import type { Route } from "./+types/cv";
import styles from "./cv.module.css";

// Complete as HTML: no framework JavaScript on this page (decision 011).
export const handle: PageHandle = { scripts: "none" };

export function loader({ context }: Route.LoaderArgs) {
  const cvPage = context.get(contentStoreContext).page("cv");
  const bytes = cataloguePdfBytes(context.get(servedCataloguePdfContext));
  return { cv: cvPage, pdfSize: bytes === null ? null : formatFileSize(bytes) };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta({
        site: metaSite(matches),
        title: pageTitle(metaSite(matches), loaderData.cv.title),
        description: loaderData.cv.description,
        path: "/cv",
      })
    : [];

const idOf = (title: string) => `cv-${title.replace(/\W+/g, "-").toLowerCase()}`;

export default function Cv({ loaderData }: Route.ComponentProps) {
  const { cv } = loaderData;
  return (
    <main id="main" className="page">
      <h1>{cv.heading}</h1>
      <p className={styles.intro}>{cv.intro}</p>
      {cv.sections.map((section) => (
        <section key={section.title} aria-labelledby={idOf(section.title)} className={styles.section}>
          <h2 id={idOf(section.title)}>{section.title}</h2>
          <ul className={styles.entries}>
            {section.entries.map((entry) => (
              <li key={`${entry.year}-${entry.title}`} className={styles.entry}>
                <span className={styles.year}>{entry.year}</span>
                <span>
                  <EntryTitle entry={entry} pdfSize={loaderData.pdfSize} />
                  {entry.author ? <span className={styles.detail}>, by {entry.author}</span> : null}
                  {entry.place ? <span className={styles.detail}>, {entry.place}</span> : null}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </main>
  );
}

function EntryTitle({ entry, pdfSize }: { entry: CvEntry; pdfSize: string | null }) {
  if (!entry.link) return <span className={styles.title}>{entry.title}</span>;
  if (/^https?:/.test(entry.link)) {
    return (
      <a href={entry.link} className={styles.title} target="_blank" rel="noreferrer">
        {entry.title}
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    );
  }
  // The PDF is a file, not a page: a plain link so the router does not try to render it.
  if (entry.link.startsWith("/files/")) {
    return (
      <a href={entry.link} className={styles.title}>
        {entry.title} (PDF{pdfSize ? `, ${pdfSize}` : ""})
      </a>
    );
  }
  return (
    <Link to={entry.link} className={styles.title}>
      {entry.title}
    </Link>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
