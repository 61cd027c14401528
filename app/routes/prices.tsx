import { Link } from "react-router";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import type { PageHandle } from "~/components/page-scripts";
import { siteConfig } from "~/content/site-config";
import { pageTitle } from "~/seo/page-title";
import { pageMeta } from "~/seo/social-meta";
import type { Route } from "./+types/prices";
import styles from "./prices.module.css";

const usd = (amount: number) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 }).format(amount);

// Complete as HTML: no framework JavaScript on this page (decision 011).
export const handle: PageHandle = { scripts: "none" };

export function loader() {
  const { prices } = siteConfig;
  return {
    prints: usd(prices.limited_edition_prints ?? 0),
    originals: usd(prices.original_paintings ?? 0),
  };
}

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: pageTitle("Prices"),
    description: "Prices for Umbra's limited edition prints, original paintings and commissions.",
    path: "/prices",
  });

export default function Prices({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="page">
      <h1>Prices</h1>
      <section aria-labelledby="prices-originals" className={styles.section}>
        <h2 id="prices-originals">Original Artworks</h2>
        <div className={styles.cards}>
          <div className={styles.card}>
            <h3>Limited Edition Prints</h3>
            <p className={styles.amount}>From {loaderData.prints}</p>
            <ul>
              <li>Hand-signed and numbered</li>
              <li>Certificate of authenticity</li>
            </ul>
          </div>
          <div className={styles.card}>
            <h3>Original Paintings</h3>
            <p className={styles.amount}>From {loaderData.originals}</p>
            <ul>
              <li>One-of-a-kind</li>
              <li>Certificate of authenticity</li>
              <li>Provenance documentation</li>
            </ul>
          </div>
        </div>
      </section>
      <section aria-labelledby="prices-commissions" className={styles.section}>
        <h2 id="prices-commissions">Commissioned Works</h2>
        <div className={styles.card}>
          <h3>Custom Commissions</h3>
          <p className={styles.amount}>Priced on request</p>
          <p>
            Each commission is shaped with you, from the first conversation to the finished work.{" "}
            <Link to="/contact">Contact for pricing</Link>.
          </p>
        </div>
      </section>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
