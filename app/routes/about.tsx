import { Link } from "react-router";
import { ImageTextRow } from "#app/components/editorial/image-text-row.tsx";
import { ImageViewerScript } from "#app/components/editorial/image-viewer-script.tsx";
import { QuoteBlock } from "#app/components/editorial/quote-block.tsx";
import { Slideshow } from "#app/components/editorial/slideshow.tsx";
import { GeneralErrorBoundary } from "#app/components/general-error-boundary.tsx";
import type { PageHandle } from "#app/components/page-scripts.tsx";
import { Picture } from "#app/components/picture.tsx";
import { aboutWithImages } from "#app/content/about.ts";
import { contentStoreContext } from "#app/content/content-store.server.ts";
import { imageRefsIn, picturesFor } from "#app/images/picture-images.server.ts";
import { metaSite } from "#app/seo/meta-site.ts";
import { pageTitle } from "#app/seo/page-title.ts";
import { pageMeta } from "#app/seo/social-meta.ts";
import type { Route } from "./+types/about";
import styles from "./about.module.css";

// No framework (decision 058): the slideshow, the page's one moving part, has its own few lines.
export const handle: PageHandle = { scripts: "none" };

export function loader({ context }: Route.LoaderArgs) {
  const content = context.get(contentStoreContext);
  const about = aboutWithImages(content.page("about"), (collection, name) => content.pageImage(collection, name));
  return { about, pictures: picturesFor(imageRefsIn(about), content.pageImages()) };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta({
        site: metaSite(matches),
        title: pageTitle(metaSite(matches), loaderData.about.title),
        description: loaderData.about.description,
        path: "/about",
      })
    : [];

export default function About({ loaderData }: Route.ComponentProps) {
  const { about } = loaderData;
  return (
    <main id="main" className="page">
      <p className="eyebrow">{about.eyebrow}</p>
      <h1>{about.heading}</h1>
      <Slideshow slides={about.slides} label={about.slideshow_label} />

      <QuoteBlock text={about.quote.text} cite={about.quote.cite} />

      <section aria-labelledby="biography-title" className={styles.biography}>
        <h2 id="biography-title">{about.biography.heading}</h2>
        {about.biography.paragraphs.map((paragraph) => (
          <p key={paragraph.slice(0, 24)}>{paragraph}</p>
        ))}
      </section>

      <section aria-labelledby="prints-title">
        <h2 id="prints-title">{about.prints.heading}</h2>
        <ul className={styles.prints}>
          {about.prints.images.map((print) => (
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
        <h2 id="features-title">{about.cards.heading}</h2>
        <ul className={styles.cards}>
          {about.cards.items.map((card) => (
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
                  {about.cards.read_more}
                  <span className="visually-hidden">: {card.title}</span>
                </Link>
              </div>
            </li>
          ))}
        </ul>
      </section>

      {about.sections.map((section) => {
        const id = `about-${section.title.toLowerCase()}`;
        return (
          <section key={section.title} aria-labelledby={id}>
            {section.image ? (
              <ImageTextRow image={section.image} imageSide="left">
                <SectionText id={id} {...section} />
              </ImageTextRow>
            ) : (
              <div className={styles.section}>
                <SectionText id={id} {...section} />
              </div>
            )}
          </section>
        );
      })}
      {about.sections.some((section) => section.image) ? <ImageViewerScript /> : null}
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
