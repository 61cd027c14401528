import { useEffect } from "react";
import { useLocation } from "react-router";
import { AfterFirstPaintScript } from "#app/components/after-first-paint-script.tsx";
import contactRouteScriptUrl from "#app/components/contact-route.script.js?url";
import { EnquiryForm } from "#app/components/enquiry/enquiry-form.tsx";
import { PostedFormScript } from "#app/components/forms/posted-form.tsx";
import { GeneralErrorBoundary } from "#app/components/general-error-boundary.tsx";
import type { PageHandle } from "#app/components/page-scripts.tsx";
import { Picture } from "#app/components/picture.tsx";
import { contentStoreContext } from "#app/content/content-store.server.ts";
import { enquiryConfirmation } from "#app/enquiries/enquiry-fields.ts";
import { picturesFor } from "#app/images/picture-images.server.ts";
import { metaSite } from "#app/seo/meta-site.ts";
import { pageTitle } from "#app/seo/page-title.ts";
import { pageMeta } from "#app/seo/social-meta.ts";
import type { Route } from "./+types/contact";
import styles from "./contact.module.css";

// Complete as HTML: the enquiry form and the route log have their own small scripts, so the page
// ships no framework JavaScript (decision 011).
export const handle: PageHandle = { scripts: "none" };

export function loader({ context }: Route.LoaderArgs) {
  const content = context.get(contentStoreContext);
  const contactPage = content.page("contact");
  const { contact, enquiries } = content.siteSettings();
  const { portrait } = contactPage;
  return {
    contact: { ...contactPage, portrait: content.pageImage(portrait.collection, portrait.name) },
    pictures: picturesFor([portrait], content.pageImages()),
    assistant: contact.assistantDirector,
    email: contact.email,
    confirmation: enquiryConfirmation(enquiries),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta({
        site: metaSite(matches),
        title: pageTitle(metaSite(matches), loaderData.contact.title),
        description: loaderData.contact.description,
        path: "/contact",
      })
    : [];

export default function Contact({ loaderData }: Route.ComponentProps) {
  const { contact, assistant, email, confirmation } = loaderData;
  const { portrait } = contact;
  const location = useLocation();
  // SPEC.md: the contact route logs the current route (on a page load, contact-route.script.js does).
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
          <h1>{contact.heading}</h1>
          <p className={styles.intro}>{contact.intro}</p>
          {contact.paragraphs.map((paragraph) => (
            <p key={paragraph.slice(0, 24)}>{paragraph}</p>
          ))}
          <p>
            {contact.closing.split(/(\{email\}|\{assistant\})/).map((part, i) =>
              part === "{email}" ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed sentence
                <a key={i} href={`mailto:${email}`}>
                  {email}
                </a>
              ) : part === "{assistant}" ? (
                assistant.name.split(" ")[0]
              ) : (
                part
              ),
            )}
          </p>
          <section aria-labelledby="contact-enquiry" className={styles.enquiry}>
            <h2 id="contact-enquiry">Send an enquiry</h2>
            <EnquiryForm
              descriptor={{ subject: "other", subjectTitle: "General enquiry", sourcePath: "/contact" }}
              display="open"
              confirmation={confirmation}
            />
          </section>
        </div>
      </div>
      <PostedFormScript enquiry />
      <AfterFirstPaintScript src={contactRouteScriptUrl} />
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
