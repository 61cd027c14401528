import { Link } from "react-router";
import { Hero } from "~/components/editorial/hero";
import { ImageTextRow } from "~/components/editorial/image-text-row";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import type { PageHandle } from "~/components/page-scripts";
import { exhibitionBySlug } from "~/content/exhibition-lookup";
import { peruContent } from "~/content/exhibition-pages/peru";
import { pageTitle } from "~/seo/page-title";
import { pageMeta } from "~/seo/social-meta";
import type { Route } from "./+types/exhibitions.residency-in-the-amazon-peru-2025";
import styles from "./exhibitions.module.css";

const exhibition = exhibitionBySlug("residency-in-the-amazon-peru-2025");

// Works as HTML first; React starts after the page has loaded (decision 011).
export const handle: PageHandle = { scripts: "deferred" };

export function loader() {
  return { content: peruContent };
}

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: pageTitle(exhibition.title), description: exhibition.summary, path: exhibition.path });

const idOf = (title: string) => `peru-${title.replace(/\W+/g, "-").toLowerCase()}`;

export default function PeruResidency({ loaderData }: Route.ComponentProps) {
  const { content } = loaderData;
  return (
    <main id="main" className="page">
      <p className="eyebrow">{exhibition.place}</p>
      <h1>{exhibition.title}</h1>
      <p className={styles.lede}>{content.intro}</p>
      <Hero image={content.featureImage} />
      {content.sections.map((section, i) => (
        <section key={section.title} aria-labelledby={idOf(section.title)}>
          <ImageTextRow image={section.image} imageSide={i % 2 === 0 ? "left" : "right"}>
            <h2 id={idOf(section.title)}>{section.title}</h2>
            {section.paragraphs.map((p) => (
              <p key={p.slice(0, 24)}>{p}</p>
            ))}
            {i === 0 ? <Link to={content.diary.href}>{content.diary.label}</Link> : null}
          </ImageTextRow>
        </section>
      ))}
      <section aria-labelledby="peru-recording" className={styles.audio}>
        <h2 id="peru-recording">Listen</h2>
        <p>{content.audio.title}</p>
        {/* biome-ignore lint/a11y/useMediaCaption: a wordless stand-in recording with nothing to caption */}
        <audio controls preload="none">
          <source src={content.audio.src} type={content.audio.type} />
          <a href={content.audio.src}>Download the recording</a>
        </audio>
        <p className={styles.audioNote}>{content.audio.note}</p>
      </section>
      <section aria-labelledby={idOf("Exhibition Plans")} className={styles.prose}>
        <h2 id={idOf("Exhibition Plans")}>Exhibition Plans</h2>
        {content.exhibitionPlans.map((p) => (
          <p key={p.slice(0, 24)}>{p}</p>
        ))}
      </section>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
