import type { Artwork } from "#app/catalogue/catalogue.ts";
import { CATALOGUE_PRINTED_SIZE, editionText, printedSizeText, type WorkLabel } from "#app/catalogue/work-label.ts";
import styles from "./artwork-label.module.css";

/** The museum label's facts, as a definition list in the order a visitor reads them. */
export function ArtworkLabel({ artwork, label }: { artwork: Artwork; label: WorkLabel }) {
  const size = label.printedSizeText ?? printedSizeText(label.printedSize ?? CATALOGUE_PRINTED_SIZE);
  return (
    <dl className={styles.label}>
      <Fact term="Year">{artwork.year}</Fact>
      <Fact term="Series">{artwork.seriesLabel}</Fact>
      {label.medium ? <Fact term="Medium">{label.medium}</Fact> : null}
      <Fact term="Printed size">{size}</Fact>
      {label.edition ? <Fact term="Edition">{editionText(label.edition)}</Fact> : null}
      {label.otherFacts.map((fact) => (
        <Fact key={fact.key} term={fact.key}>
          {fact.value}
        </Fact>
      ))}
      {artwork.chain ? <Fact term="Blockchain">{artwork.chain}</Fact> : null}
      {artwork.availability ? <Fact term="Availability">{artwork.availability}</Fact> : null}
      {artwork.mintAddress ? (
        <Fact term="Mint Address">
          <a href={artwork.mintAddress} target="_blank" rel="noopener noreferrer">
            View on Blockchain
          </a>
        </Fact>
      ) : null}
      {artwork.secondaryMarket ? (
        <Fact term="Secondary Market">
          <a href={artwork.secondaryMarket} target="_blank" rel="noopener noreferrer">
            View Listing
          </a>
        </Fact>
      ) : null}
    </dl>
  );
}

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className={styles.fact}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
