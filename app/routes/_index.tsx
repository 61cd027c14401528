import { data, Link } from "react-router";
import { PostedFormScript } from "#app/components/forms/posted-form.tsx";
import type { PageHandle } from "#app/components/page-scripts.tsx";
import { Picture } from "#app/components/picture.tsx";
import { SubscribeForm } from "#app/components/subscribe/subscribe-form.tsx";
import { contentStoreContext } from "#app/content/content-store.server.ts";
import { formatUsDate } from "#app/format/us-date.ts";
import { imageRefsIn, picturesFor } from "#app/images/picture-images.server.ts";
import { artworkRefs } from "#app/images/picture-images.ts";
import { homeQuotes } from "#app/quotes/home-quotes.server.ts";
import { metaSite } from "#app/seo/meta-site.ts";
import { pageTitle } from "#app/seo/page-title.ts";
import { pageMeta } from "#app/seo/social-meta.ts";
import { homeOffer } from "#app/subscriptions/page-offers.server.ts";
import { subscriptionServiceContext } from "#app/subscriptions/subscription-service.server.ts";
import styles from "./_index.module.css";
import type { Route } from "./+types/_index";

// Complete as HTML: no framework JavaScript on this page (decision 011). Rendered on request,
// not prerendered: it shows the newest public quotes, and the server keeps the rendered page in
// memory until a quote changes (server/quote-wall-from-memory.ts), as it does for /quotes.
export const handle: PageHandle = { scripts: "none" };

export async function loader({ context }: Route.LoaderArgs) {
  const content = context.get(contentStoreContext);
  const quotes = await homeQuotes(context);
  const home = content.page("home");
  const exhibitions = content.exhibitionLinks();
  const { brand, tagline, description, printSize } = content.siteSettings();
  const pictures = picturesFor(
    [...artworkRefs([home.featured.work, home.series.work]), ...imageRefsIn(exhibitions.map((e) => e.featureImage))],
    content.pageImages(),
  );
  // Without its quotes (the database did not answer) the page must not be kept or cached.
  return data(
    {
      home,
      exhibitions,
      quotes: quotes ?? [],
      site: { brand, tagline, description, printSize },
      pictures,
      subscribe: homeOffer(context.get(subscriptionServiceContext)),
    },
    { headers: quotes === null ? { "Cache-Control": "no-store" } : {} },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const site = metaSite(matches);
  if (!loaderData) return [{ title: pageTitle(site) }];
  const { brand, tagline, description } = loaderData.site;
  return pageMeta({ site, title: pageTitle(site, `${brand} - ${tagline}`, { exact: true }), description, path: "/" });
};

/** The page's loader data, which each section below reads its part of. */
type HomeData = Route.ComponentProps["loaderData"];

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main">
      <HomeHero home={loaderData.home} />
      <FeaturedWork home={loaderData.home} printSize={loaderData.site.printSize} />
      {/* No public quote, no section: never an empty heading. */}
      {loaderData.quotes.length > 0 ? <HomeQuotes data={loaderData} /> : null}
      <SeriesSection home={loaderData.home} />
      <ExhibitionsSection data={loaderData} />
      {loaderData.subscribe.topics.length > 0 ? (
        <section className="page">
          <SubscribeForm id="home-subscribe" source="/" {...loaderData.subscribe} />
          <PostedFormScript />
        </section>
      ) : null}
    </main>
  );
}

function HomeHero({ home }: { home: HomeData["home"] }) {
  return (
    <section className={styles.hero} aria-labelledby="home-title">
      <Picture
        collection="artworks"
        name={home.featured.work}
        alt=""
        sizes="100vw"
        priority
        className={styles.heroArt}
      />
      <div className={styles.heroShade} />
      <div className={styles.heroText}>
        <p className="eyebrow">{home.hero.eyebrow}</p>
        <h1 id="home-title">{home.hero.title}</h1>
        <p>{home.hero.text}</p>
        <div className={styles.actions}>
          <Link to="/art" className="button">
            {home.hero.catalogue_link}
          </Link>
          <Link to="/about" className="button button-ghost">
            {home.hero.about_link}
          </Link>
        </div>
      </div>
    </section>
  );
}

function FeaturedWork({ home, printSize }: { home: HomeData["home"]; printSize: string }) {
  return (
    <section className={styles.section} aria-labelledby="featured-title">
      <div className={styles.split}>
        <Picture
          collection="artworks"
          name={home.featured.work}
          alt={`${home.featured.title}, ${home.featured.series}`}
          sizes="(max-width: 768px) calc(100vw - 32px), 600px"
          className={styles.featureArt}
        />
        <div>
          <p className="eyebrow">{home.featured.eyebrow}</p>
          <h2 id="featured-title">{home.featured.title}</h2>
          <p className={styles.meta}>
            {home.featured.year}. {printSize}. {home.featured.series}.
          </p>
          <p>{home.featured.text}</p>
          <Link to={`/art/${home.featured.work}`}>{home.featured.link}</Link>
        </div>
      </div>
    </section>
  );
}

/** The newest public quotes, from the quote wall (DESIGN.md). */
function HomeQuotes({ data: loaderData }: { data: HomeData }) {
  const { home } = loaderData;
  return (
    <section className={styles.quotes} aria-labelledby="quotes-title">
      <div className={styles.sectionHead}>
        <h2 id="quotes-title">{home.quotes.heading}</h2>
      </div>
      <ul className={styles.quoteList}>
        {loaderData.quotes.map((quote) => (
          <li key={quote.id}>
            <figure className={styles.quote}>
              <blockquote>
                <p>“{quote.text}”</p>
              </blockquote>
              <figcaption>
                <cite>{loaderData.site.brand}</cite>{" "}
                <time dateTime={quote.createdAt}>{formatUsDate(quote.createdAt)}</time>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      <p className={styles.quotesMore}>
        <Link to="/quotes" className="button button-ghost">
          {home.quotes.more_link}
        </Link>
      </p>
    </section>
  );
}

function SeriesSection({ home }: { home: HomeData["home"] }) {
  return (
    <section className={styles.section} aria-labelledby="series-title">
      <div className={styles.split}>
        <div>
          <p className="eyebrow">{home.series.eyebrow}</p>
          <h2 id="series-title">{home.series.title}</h2>
          <p>{home.series.text}</p>
          <Link to={home.series.link}>{home.series.link_label}</Link>
        </div>
        <Picture
          collection="artworks"
          name={home.series.work}
          alt={home.series.image_alt}
          sizes="(max-width: 768px) calc(100vw - 32px), 560px"
          className={styles.featureArt}
        />
      </div>
    </section>
  );
}

function ExhibitionsSection({ data: loaderData }: { data: HomeData }) {
  const { home } = loaderData;
  return (
    <section className={styles.section} aria-labelledby="exhibitions-title">
      <div className={styles.sectionHead}>
        <h2 id="exhibitions-title">{home.exhibitions.heading}</h2>
        <Link to="/cv">{home.exhibitions.cv_link}</Link>
      </div>
      <ul className={styles.exhibitions}>
        {loaderData.exhibitions.map((e) => (
          <li key={e.slug}>
            <Link to={e.path} className={styles.exhibitionCard}>
              {e.featureImage ? (
                <Picture
                  collection={e.featureImage.collection}
                  name={e.featureImage.name}
                  alt={e.featureImage.alt}
                  sizes="(max-width: 768px) calc(100vw - 32px), 400px"
                  className={styles.exhibitionImage}
                />
              ) : null}
              <p className="eyebrow">
                {e.year} · {e.place}
              </p>
              <h3>{e.navLabel}</h3>
              <p>{e.summary}</p>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
