import { data } from "react-router";
import { clientIpContext } from "#app/auth/client-ip-context.ts";
import type { Catalogue } from "#app/catalogue/catalogue.ts";
import { EnquiryForm } from "#app/components/enquiry/enquiry-form.tsx";
import { PostedFormScript } from "#app/components/forms/posted-form.tsx";
import { GeneralErrorBoundary } from "#app/components/general-error-boundary.tsx";
import type { PageHandle } from "#app/components/page-scripts.tsx";
import { contentStoreContext } from "#app/content/content-store.server.ts";
import { databaseContext } from "#app/db/context.ts";
import type { EnquirySubject } from "#app/db/enquiry-schema.ts";
import {
  type EnquiryDescriptor,
  type EnquiryFieldErrors,
  type EnquiryValues,
  enquiryConfirmation,
  subjectValues,
} from "#app/enquiries/enquiry-fields.ts";
import { issueFormToken } from "#app/enquiries/form-token.server.ts";
import { resolveSubject, submitEnquiry } from "#app/enquiries/submit-enquiry.server.ts";
import { answeringOutages } from "#app/http/outage-answers.server.ts";
import { metaSite } from "#app/seo/meta-site.ts";
import { pageTitle } from "#app/seo/page-title.ts";
import type { Route } from "./+types/enquire";
import styles from "./enquire.module.css";

// Rendered per request (it carries a fresh form token), complete as HTML; the form's own small
// script confirms in place when JavaScript runs (decisions 011, 032).
export const handle: PageHandle = { scripts: "none" };

export const headers = () => ({ "Cache-Control": "no-store" });

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(metaSite(matches), "Enquire") },
  { name: "description", content: "Send the studio an enquiry about a work, prints, an original or a commission." },
  { name: "robots", content: "noindex" },
];

/** The form's subject from the address (?subject=work&ref=the-trinket-maker); unknown → general. */
function descriptorFor(
  catalogue: Catalogue,
  subjectParam: string | null,
  refParam: string | null,
  sourcePath: string,
): EnquiryDescriptor {
  const subject = subjectValues.includes(subjectParam as EnquirySubject) ? (subjectParam as EnquirySubject) : "other";
  const resolved = resolveSubject(catalogue, subject, refParam?.slice(0, 120) ?? undefined);
  if ("error" in resolved) return { subject: "other", subjectTitle: "General enquiry", sourcePath };
  const work = subject === "work" || subject === "room" ? catalogue.find(resolved.subjectRef ?? undefined) : undefined;
  return {
    subject,
    subjectRef: resolved.subjectRef ?? undefined,
    subjectTitle: resolved.subjectTitle,
    sourcePath,
    sold: subject === "work" && work?.availability.toLowerCase() === "sold",
  };
}

/** The page a visitor came from: a work's page for a work, else where the form says. */
function sourceFor(subject: string | null, ref: string | null, from: string | null): string {
  if (from && /^\/[a-z0-9/_-]{0,200}$/i.test(from) && !from.startsWith("//")) return from;
  if ((subject === "work" || subject === "room") && ref) return `/art/${ref}`;
  return "/enquire";
}

export function loader({ request, context }: Route.LoaderArgs) {
  const content = context.get(contentStoreContext);
  const params = new URL(request.url).searchParams;
  const subject = params.get("subject");
  const ref = params.get("ref");
  return {
    descriptor: descriptorFor(content.catalogue(), subject, ref, sourceFor(subject, ref, params.get("from"))),
    token: issueFormToken(),
    confirmation: enquiryConfirmation(content.siteSettings().enquiries),
  };
}

type ActionAnswer =
  | { sent: true; subjectTitle: string; sourcePath: string }
  | {
      sent: false;
      message: string;
      fieldErrors: EnquiryFieldErrors;
      values?: EnquiryValues;
      descriptor: EnquiryDescriptor;
    };

export const action = answeringOutages("page", async ({ request, context }: Route.ActionArgs) => {
  // Read the posted subject for the form shown again, before submitEnquiry consumes the body.
  const copy = request.clone();
  const catalogue = context.get(contentStoreContext).catalogue();
  const outcome = await submitEnquiry(
    context.get(databaseContext).db,
    request,
    context.get(clientIpContext),
    catalogue,
  );
  if (outcome.ok) {
    const { subjectTitle, sourcePath } = outcome.enquiry;
    return { sent: true, subjectTitle, sourcePath } satisfies ActionAnswer;
  }
  let posted = new URLSearchParams();
  try {
    const type = copy.headers.get("content-type") ?? "";
    if (outcome.status !== 413 && type.startsWith("application/x-www-form-urlencoded")) {
      posted = new URLSearchParams((await copy.text()).slice(0, 20_000));
    }
  } catch {
    // Shown with the subject from the address instead.
  }
  const descriptor = descriptorFor(
    catalogue,
    posted.get("subject"),
    posted.get("ref"),
    sourceFor(posted.get("subject"), posted.get("ref"), posted.get("source")),
  );
  // A form from a prerendered page sent without JavaScript has no token: ask to send it again.
  const message =
    outcome.status === 400 && !posted.get("token") && outcome.values
      ? "Almost there: check your enquiry below and press Send enquiry once more."
      : outcome.message;
  return data(
    {
      sent: false,
      message,
      fieldErrors: outcome.fieldErrors ?? {},
      values: outcome.values,
      descriptor,
    } satisfies ActionAnswer,
    { status: outcome.status, headers: { "Cache-Control": "no-store", ...outcome.headers } },
  );
});

export default function EnquirePage({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData as ActionAnswer | undefined;
  const descriptor = answer && !answer.sent ? answer.descriptor : loaderData.descriptor;
  return (
    <main id="main" className={`page ${styles.page}`}>
      {answer?.sent ? (
        <section aria-labelledby="enquiry-sent" className={styles.sent}>
          <p className="eyebrow">Enquiry sent</p>
          <h1 id="enquiry-sent">Thank you</h1>
          <p role="status">{loaderData.confirmation}</p>
          <p className={styles.about}>About: {answer.subjectTitle}</p>
          <p>
            <a href={answer.sourcePath === "/enquire" ? "/" : answer.sourcePath} className="button button-ghost">
              Back to where you were
            </a>
          </p>
        </section>
      ) : (
        <>
          <p className="eyebrow">Enquire</p>
          <h1>{descriptor.subject === "other" ? "Write to the studio" : descriptor.subjectTitle}</h1>
          <EnquiryForm
            descriptor={descriptor}
            token={loaderData.token}
            values={answer?.values}
            errors={answer?.fieldErrors}
            formError={answer && Object.keys(answer.fieldErrors).length === 0 ? answer.message : undefined}
            display="open"
            confirmation={loaderData.confirmation}
          />
          <PostedFormScript enquiry />
        </>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
