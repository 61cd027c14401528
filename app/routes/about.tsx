import { Link } from "react-router";
import { ImageTextRow } from "~/components/editorial/image-text-row";
import { QuoteBlock } from "~/components/editorial/quote-block";
import { Slideshow } from "~/components/editorial/slideshow";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import type { PageHandle } from "~/components/page-scripts";
import { Picture } from "~/components/picture";
import { aboutContent } from "~/content/about";
import { pageTitle } from "~/seo/page-title";
import { pageMeta } from "~/seo/social-meta";
import type { Route } from "./+types/about";
import styles from "./about.module.css";

// Works as HTML first; React starts after the page has loaded (decision 011).
export const handle: PageHandle = { scripts: "deferred" };

export function loader() {
  return { about: aboutContent };
}

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: pageTitle("About"),
    description:
      "About Umbra: an anonymous Australian visionary artist born in 1988, their practice, exhibitions and residencies.",
    path: "/about",
  });

export default function About({ loaderData }: Route.ComponentProps) {
  const { about } = loaderData;
  return (
    <main id="main" className="page">
      <p className="eyebrow">The artist</p>
      <h1>About Umbra</h1>
      <Slideshow slides={about.slides} label="Exhibitions, studio and prints" />

      <QuoteBlock text={about.pullQuote.text} cite={about.pullQuote.cite} />

      <section aria-labelledby="biography-title" className={styles.biography}>
        <h2 id="biography-title">Biography</h2>
        {about.biography.map((paragraph) => (
          <p key={paragraph.slice(0, 24)}>{paragraph}</p>
        ))}
      </section>

      <section aria-labelledby="prints-title">
        <h2 id="prints-title">Limited edition prints</h2>
        <ul className={styles.prints}>
          {about.prints.map((print) => (
            <li key={print.name} className={styles.printTile}>
              <Picture
                collection={print.collection}
                name={print.name}
                alt={print.alt}
                sizes="(max-width: 768px) 50vw, 400px"
                className={styles.printImage}
              />
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="features-title">
        <h2 id="features-title">Exhibitions and work</h2>
        <ul className={styles.cards}>
          {about.featureCards.map((card) => (
            <li key={card.link} className={styles.card}>
              <div className={styles.cardImage}>
                <Picture
                  collection={card.image.collection}
                  name={card.image.name}
                  alt={card.image.alt}
                  sizes="(max-width: 768px) 100vw, (max-width: 1200px) 50vw, 400px"
                  className={styles.cardPicture}
                />
              </div>
              <div className={styles.cardBody}>
                <h3>{card.title}</h3>
                <p>{card.description}</p>
                <Link to={card.link} className={styles.readMore}>
                  Read More<span className="visually-hidden">: {card.title}</span>
                </Link>
              </div>
            </li>
          ))}
        </ul>
      </section>

      {about.sections.map((section, i) => (
        <section key={section.title} aria-labelledby={`about-${section.title.toLowerCase()}`}>
          {i === 0 ? (
            <ImageTextRow image={about.featureImage} imageSide="left">
              <SectionText id={`about-${section.title.toLowerCase()}`} {...section} />
            </ImageTextRow>
          ) : (
            <div className={styles.section}>
              <SectionText id={`about-${section.title.toLowerCase()}`} {...section} />
            </div>
          )}
        </section>
      ))}
    </main>
  );
}

function SectionText({ id, title, paragraphs }: { id: string; title: string; paragraphs: readonly string[] }) {
  return (
    <>
      <h2 id={id}>{title}</h2>
      {paragraphs.map((paragraph) => (
        <p key={paragraph.slice(0, 24)}>{paragraph}</p>
      ))}
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
