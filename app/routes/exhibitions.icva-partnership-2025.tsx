import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import type { PageHandle } from "~/components/page-scripts";
import { Picture } from "~/components/picture";
import { exhibitionBySlug } from "~/content/exhibition-lookup";
import { partnershipContent } from "~/content/exhibition-pages/partnership";
import { pageTitle } from "~/seo/page-title";
import { pageMeta } from "~/seo/social-meta";
import type { Route } from "./+types/exhibitions.icva-partnership-2025";
import styles from "./exhibitions.module.css";

const exhibition = exhibitionBySlug("icva-partnership-2025");

// Works as HTML first; React starts after the page has loaded (decision 011).
export const handle: PageHandle = { scripts: "deferred" };

export function loader() {
  return { content: partnershipContent };
}

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: pageTitle(exhibition.title), description: exhibition.summary, path: exhibition.path });

export default function IcvaPartnership({ loaderData }: Route.ComponentProps) {
  const { content } = loaderData;
  return (
    <main id="main" className="page">
      <p className="eyebrow">April {exhibition.year}</p>
      <h1>{exhibition.title}</h1>
      <div className={styles.logo}>
        <Picture
          collection={content.logo.collection}
          name={content.logo.name}
          alt={content.logo.alt}
          sizes="280px"
          priority
        />
      </div>
      <div className={styles.prose}>
        {content.paragraphs.map((p) => (
          <p key={p.slice(0, 24)}>{p}</p>
        ))}
      </div>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
