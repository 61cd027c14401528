import { Link } from "react-router";
import type { NeighbourLink, Neighbours } from "#app/catalogue/artwork-neighbours.ts";
import styles from "./artwork-pager.module.css";

interface ArtworkPagerProps {
  neighbours: Neighbours;
  /** Waiting for the filtered view's neighbours: shown, but not yet followable. */
  loading: boolean;
  /** History state passed on, so the next work still knows the gallery view. */
  state: unknown;
}

/** Previous and Next works; at either end of the view the missing one is shown disabled, not linked. */
export function ArtworkPager({ neighbours, loading, state }: ArtworkPagerProps) {
  return (
    <nav className={styles.pager} aria-label="Other works" aria-busy={loading || undefined}>
      <PagerLink work={loading ? null : neighbours.previous} rel="prev" label="Previous" arrow="←" state={state} />
      <PagerLink work={loading ? null : neighbours.next} rel="next" label="Next" arrow="→" state={state} />
    </nav>
  );
}

function PagerLink({
  work,
  rel,
  label,
  arrow,
  state,
}: {
  work: NeighbourLink | null;
  rel: "prev" | "next";
  label: string;
  arrow: string;
  state: unknown;
}) {
  const text =
    rel === "prev" ? (
      <>
        <span aria-hidden="true">{arrow}</span> <span className={styles.word}>{label}</span>
      </>
    ) : (
      <>
        <span className={styles.word}>{label}</span> <span aria-hidden="true">{arrow}</span>
      </>
    );
  if (!work)
    return (
      // Not a link at all, so nothing to follow; the hidden words say why to a screen reader.
      <span className={`${styles.link} ${styles.disabled}`} data-disabled="">
        {text}
        <span className="visually-hidden">
          {rel === "prev" ? " (this is the first work)" : " (this is the last work)"}
        </span>
      </span>
    );
  return (
    <Link
      to={`/art/${work.slug}`}
      state={state}
      rel={rel}
      className={styles.link}
      aria-label={`${label}: ${work.title}`}
      title={work.title}
    >
      {text}
    </Link>
  );
}
