import { Link } from "react-router";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import type { PageHandle } from "~/components/page-scripts";
import { cataloguePdfBytes } from "~/content/catalogue-pdf.server";
import { type CvEntry, cvSections } from "~/content/cv";
import { formatFileSize } from "~/content/file-size";
import { pageTitle } from "~/seo/page-title";
import { pageMeta } from "~/seo/social-meta";
import type { Route } from "./+types/cv";
import styles from "./cv.module.css";

// Complete as HTML: no framework JavaScript on this page (decision 011).
export const handle: PageHandle = { scripts: "none" };

export function loader() {
  const bytes = cataloguePdfBytes();
  return { sections: cvSections, pdfSize: bytes === null ? null : formatFileSize(bytes) };
}

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: pageTitle("CV"),
    description: "Umbra's CV: education, exhibitions, residencies, auction sales, publications and interviews.",
    path: "/cv",
  });

const idOf = (title: string) => `cv-${title.replace(/\W+/g, "-").toLowerCase()}`;

export default function Cv({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="page">
      <h1>CV</h1>
      <p className={styles.intro}>Umbra, born 1988, Australia. Lives and works in Australia.</p>
      {loaderData.sections.map((section) => (
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
  if (!entry.href) return <span className={styles.title}>{entry.title}</span>;
  if (/^https?:/.test(entry.href)) {
    return (
      <a href={entry.href} className={styles.title} target="_blank" rel="noreferrer">
        {entry.title}
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    );
  }
  // The PDF is a file, not a page: a plain link so the router does not try to render it.
  if (entry.href.startsWith("/files/")) {
    return (
      <a href={entry.href} className={styles.title}>
        {entry.title} (PDF{pdfSize ? `, ${pdfSize}` : ""})
      </a>
    );
  }
  return (
    <Link to={entry.href} className={styles.title}>
      {entry.title}
    </Link>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
