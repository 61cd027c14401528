import styles from "./quote-block.module.css";

/** A pull quote: large serif text with its source underneath. */
export function QuoteBlock({ text, cite }: { text: string; cite?: string }) {
  return (
    <figure className={styles.quote}>
      <blockquote>
        <p>“{text}”</p>
      </blockquote>
      {cite ? (
        <figcaption>
          <cite>{cite}</cite>
        </figcaption>
      ) : null}
    </figure>
  );
}
