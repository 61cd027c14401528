import { useEffect } from "react";
import { useLocation } from "react-router";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import type { PageHandle } from "~/components/page-scripts";
import { Picture } from "~/components/picture";
import { pageImage } from "~/content/page-image-lookup";
import { siteConfig } from "~/content/site-config";
import { pageTitle } from "~/seo/page-title";
import { pageMeta } from "~/seo/social-meta";
import type { Route } from "./+types/contact";
import styles from "./contact.module.css";

// Works as HTML first; React starts after the page has loaded (decision 011).
export const handle: PageHandle = { scripts: "deferred" };

export function loader() {
  return { portrait: pageImage("contact", "portrait"), assistant: siteConfig.contact.assistantDirector };
}

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: pageTitle("Contact"),
    description: "Arrange a discovery call, a private viewing or a consultation with Umbra's studio.",
    path: "/contact",
  });

export default function Contact({ loaderData }: Route.ComponentProps) {
  const { portrait, assistant } = loaderData;
  const location = useLocation();
  // SPEC.md: the contact route logs the current route.
  useEffect(() => console.log(location.pathname), [location.pathname]);
  return (
    <main id="main" className="page">
      <div className={styles.layout}>
        <figure className={styles.portrait}>
          <Picture
            collection={portrait.collection}
            name={portrait.name}
            alt={portrait.alt}
            sizes="(max-width: 768px) 100vw, 480px"
            priority
            className={styles.portraitImage}
          />
          <figcaption>
            <strong>{assistant.name}</strong>
            <span>{assistant.role}</span>
          </figcaption>
        </figure>
        <div className={styles.text}>
          <h1>We'd love to connect with you.</h1>
          <p className={styles.intro}>
            We welcome discovery calls with curators, collectors, gallerists and critics who would like to know the work
            better, whether you are planning an exhibition, building a collection or writing about visionary art.
          </p>
          <p>
            We offer personalised consultations to help you find the works that suit your collection or space, from a
            single limited edition print to a group of originals from one series.
          </p>
          <p>
            Private viewings can be arranged in person or online, with full-size proofs and documentation, so that
            serious collectors and institutions can see each work as it is meant to be seen and receive complete
            provenance records.
          </p>
          <p>
            The studio is also glad to facilitate connections with galleries, writers and fellow collectors. Write to{" "}
            <a href={`mailto:${siteConfig.contact.email}`}>{siteConfig.contact.email}</a> and{" "}
            {assistant.name.split(" ")[0]} will reply personally.
          </p>
        </div>
      </div>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
