import { Link } from "react-router";
import { LiveEditionLines, SeriesLine } from "#app/components/edition/edition-lines.tsx";
import { EnquiryForm } from "#app/components/enquiry/enquiry-form.tsx";
import { PostedFormScript } from "#app/components/forms/posted-form.tsx";
import { GeneralErrorBoundary } from "#app/components/general-error-boundary.tsx";
import type { PageHandle } from "#app/components/page-scripts.tsx";
import { SubscribeForm } from "#app/components/subscribe/subscribe-form.tsx";
import { contentStoreContext } from "#app/content/content-store.server.ts";
import type { PricesPage } from "#app/content/pages/prices.server.ts";
import type { SiteSettings } from "#app/content/site-settings.server.ts";
import type { EnquirySubject } from "#app/db/enquiry-schema.ts";
import { editionAvailabilityContext } from "#app/editions/edition-availability.server.ts";
import { enquiryConfirmation, subjectTitles } from "#app/enquiries/enquiry-fields.ts";
import { metaSite } from "#app/seo/meta-site.ts";
import { pageTitle } from "#app/seo/page-title.ts";
import { pageMeta } from "#app/seo/social-meta.ts";
import { pricesOffer } from "#app/subscriptions/page-offers.server.ts";
import { subscriptionServiceContext } from "#app/subscriptions/subscription-service.server.ts";
import type { Route } from "./+types/prices";
import styles from "./prices.module.css";

const usd = (amount: number) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 }).format(amount);

/** "From $1,000", or "Priced on request" for a price left empty in content/site.yaml. */
function priceText(page: PricesPage, prices: SiteSettings["prices"], name: PriceName): string {
  const from = prices[name];
  return from === null ? page.on_request : `${page.from} ${usd(from)}`;
}

/** The enquiry each tier opens (issue 21), by the price name the card gives in content. */
type PriceName = keyof SiteSettings["prices"];

const tierSubjects: Record<PriceName, Exclude<EnquirySubject, "work" | "room">> = {
  limited_edition_prints: "prints",
  original_paintings: "original",
  custom_commissions: "commission",
};

const tierButtons: Partial<Record<EnquirySubject, string>> = {
  prints: "Enquire about prints",
  original: "Enquire about an original",
  commission: "Enquire about a commission",
};

function TierEnquiry({ priceName, confirmation }: { priceName: PriceName; confirmation: string }) {
  const subject = tierSubjects[priceName];
  return (
    <div className={styles.enquire}>
      <EnquiryForm
        descriptor={{ subject, subjectTitle: subjectTitles[subject], sourcePath: "/prices" }}
        display="closed"
        openLabel={tierButtons[subject] ?? "Enquire"}
        confirmation={confirmation}
      />
    </div>
  );
}

// Complete as HTML: no framework JavaScript on this page (decision 011).
export const handle: PageHandle = { scripts: "none" };

export function loader({ context }: Route.LoaderArgs) {
  const content = context.get(contentStoreContext);
  const pricesPage = content.page("prices");
  const { prices, enquiries } = content.siteSettings();
  const { originals, commissions } = pricesPage;
  const catalogue = content.catalogue();
  const availability = context.get(editionAvailabilityContext);
  // Every series, in the gallery's order: a line shows for those with editions set ("Icaro: 6
  // of 12 claimed"), and appears live on the others when one is set.
  const series = catalogue.filterOptions().series.map(({ value }) => ({
    series: value,
    line: availability.series(
      value,
      catalogue.artworks.filter((work) => work.series === value).map((work) => work.slug),
    )?.line,
  }));
  return {
    series,
    prices: {
      ...pricesPage,
      originals: {
        ...originals,
        cards: originals.cards.map((card) => ({
          ...card,
          priceName: card.price,
          price: priceText(pricesPage, prices, card.price),
        })),
      },
      commissions: {
        ...commissions,
        priceName: commissions.price,
        price: priceText(pricesPage, prices, commissions.price),
      },
    },
    confirmation: enquiryConfirmation(enquiries),
    subscribe: pricesOffer(context.get(subscriptionServiceContext)),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta({
        site: metaSite(matches),
        title: pageTitle(metaSite(matches), loaderData.prices.title),
        description: loaderData.prices.description,
        path: "/prices",
      })
    : [];

export default function Prices({ loaderData }: Route.ComponentProps) {
  const { originals, commissions, heading } = loaderData.prices;
  return (
    <main id="main" className="page">
      <h1>{heading}</h1>
      <section aria-labelledby="prices-originals" className={styles.section}>
        <h2 id="prices-originals">{originals.heading}</h2>
        <div className={styles.cards}>
          {originals.cards.map((card) => (
            <div key={card.title} className={styles.card}>
              <h3>{card.title}</h3>
              <p className={styles.amount}>{card.price}</p>
              <ul>
                {card.points.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
              {card.priceName === "limited_edition_prints" ? (
                <LiveEditionLines className={styles.series}>
                  {loaderData.series.map(({ series, line }) => (
                    <SeriesLine key={series} series={series} line={line} className={styles.seriesLine} />
                  ))}
                </LiveEditionLines>
              ) : null}
              <TierEnquiry priceName={card.priceName} confirmation={loaderData.confirmation} />
            </div>
          ))}
        </div>
      </section>
      <section aria-labelledby="prices-commissions" className={styles.section}>
        <h2 id="prices-commissions">{commissions.heading}</h2>
        <div className={styles.card}>
          <h3>{commissions.title}</h3>
          <p className={styles.amount}>{commissions.price}</p>
          <p>
            {commissions.text} <Link to="/contact">{commissions.contact_link}</Link>.
          </p>
          <TierEnquiry priceName={commissions.priceName} confirmation={loaderData.confirmation} />
        </div>
      </section>
      {loaderData.subscribe.topics.length > 0 ? (
        <section className={styles.section}>
          <SubscribeForm id="prices-subscribe" source="/prices" {...loaderData.subscribe} />
        </section>
      ) : null}
      <PostedFormScript enquiry />
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
