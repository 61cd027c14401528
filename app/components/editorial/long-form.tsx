import { Link } from "react-router";
import { ContentHtml } from "#app/components/content-html.tsx";
import type { LongFormPage, LongFormSummary } from "#app/content/long-form.server.ts";
import { formatUsDate } from "#app/format/us-date.ts";
import styles from "./long-form.module.css";

function byline(piece: LongFormSummary): string {
  return piece.kind === "interviews" ? `Interview by ${piece.interviewer}` : `By ${piece.author}`;
}

/** One article or interview. */
export function LongFormArticle({ piece }: { piece: LongFormPage }) {
  const indexLabel = piece.kind === "articles" ? "All articles" : "All interviews";
  return (
    <main id="main" className="page">
      <article className={styles.article}>
        <p className="eyebrow">{piece.publication}</p>
        <h1>{piece.title}</h1>
        <p className={styles.meta}>
          {byline(piece)} · <time dateTime={piece.date}>{formatUsDate(piece.date)}</time>
        </p>
        {piece.note ? <p className={styles.note}>{piece.note}</p> : null}
        <ContentHtml className={styles.body} html={piece.html} />
        <p className={styles.back}>
          <Link to={`/${piece.kind}`}>← {indexLabel}</Link> · <Link to="/cv">CV</Link>
        </p>
      </article>
    </main>
  );
}

/** The list of articles or interviews, newest first. */
export function LongFormIndex({ title, intro, pieces }: { title: string; intro: string; pieces: LongFormSummary[] }) {
  return (
    <main id="main" className="page">
      <h1>{title}</h1>
      <p className={styles.intro}>{intro}</p>
      <ul className={styles.list}>
        {pieces.map((piece) => (
          <li key={piece.slug} className={styles.item}>
            <h2>
              <Link to={`/${piece.kind}/${piece.slug}`}>{piece.title}</Link>
            </h2>
            <p className={styles.meta}>
              {piece.publication} · {byline(piece)} · <time dateTime={piece.date}>{formatUsDate(piece.date)}</time>
            </p>
            <p>{piece.summary}</p>
          </li>
        ))}
      </ul>
    </main>
  );
}
