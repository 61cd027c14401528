import { data, useRouteError } from "react-router";
import { checkCertificateText, type FileVerdict } from "#app/certificates/certificate-file-check.ts";
import { findCertificate } from "#app/certificates/certificate-records.server.ts";
import { readCertificateUpload } from "#app/certificates/certificate-upload.server.ts";
import { studioKeysForPage } from "#app/certificates/studio-keys.server.ts";
import { storedCertificateView } from "#app/certificates/verify-page.server.ts";
import { CertificateCheck } from "#app/components/certificate/certificate-check.tsx";
import { CertificateStandingNote } from "#app/components/certificate/certificate-standing.tsx";
import { GeneralErrorBoundary, NotFoundPage } from "#app/components/general-error-boundary.tsx";
import type { PageHandle } from "#app/components/page-scripts.tsx";
import { Picture } from "#app/components/picture.tsx";
import { contentStoreContext } from "#app/content/content-store.server.ts";
import { type NotFoundCopy, notFoundCopyOf } from "#app/content/not-found-copy.ts";
import { databaseContext } from "#app/db/context.ts";
import { answeringOutages } from "#app/http/outage-answers.server.ts";
import { picturesFor } from "#app/images/picture-images.server.ts";
import { artworkRefs } from "#app/images/picture-images.ts";
import { metaSite } from "#app/seo/meta-site.ts";
import { pageTitle } from "#app/seo/page-title.ts";
import type { Route } from "./+types/verify.$id";
import styles from "./verify.$id.module.css";

// React arrives after the page has loaded: the file check runs in the browser then; before it
// (or without JavaScript) the form posts the file and the server checks it.
export const handle: PageHandle = { scripts: "deferred" };

const DID_JSON = "/.well-known/did.json";

const NOT_FOUND: NotFoundCopy = {
  title: "Certificate not found",
  heading: "There is no certificate at this address",
  message:
    "Check the address printed under the certificate's QR code: every letter counts, capitals too. Scanning the code opens the right page.",
};

export const loader = answeringOutages("page", async ({ params, context }: Route.LoaderArgs) => {
  const row = await findCertificate(context.get(databaseContext).db, params.id);
  if (!row) throw data(NOT_FOUND, { status: 404 });
  const view = await storedCertificateView(row, await studioKeysForPage());
  const work = context.get(contentStoreContext).catalogueWithHidden().find(row.workSlug);
  const image = view.signature === "valid" ? work?.imageLarge : undefined;
  return { id: row.id, view, image, pictures: image ? picturesFor(artworkRefs([image])) : {}, didJsonUrl: DID_JSON };
});

export const action = answeringOutages("page", async ({ request }: Route.ActionArgs) => {
  const upload = await readCertificateUpload(request);
  const noStore = { "Cache-Control": "no-store" };
  if (!upload.ok) {
    return data(
      { verdict: { valid: false, reason: upload.reason } as FileVerdict },
      { status: upload.status, headers: noStore },
    );
  }
  const verdict = await checkCertificateText(upload.text, await studioKeysForPage());
  return data({ verdict }, { status: verdict.valid ? 200 : 422, headers: noStore });
});

export const meta: Route.MetaFunction = ({ loaderData, error, matches }) => {
  const site = metaSite(matches);
  const noindex = { name: "robots", content: "noindex" };
  if (!loaderData) return [{ title: pageTitle(site, notFoundCopyOf(error)?.title ?? "Certificate") }, noindex];
  const { view } = loaderData;
  const name = view.signature === "valid" ? `Certificate: ${view.title}, ${view.edition}` : "Certificate";
  return [{ title: pageTitle(site, name) }, noindex];
};

export default function VerifyCertificatePage({ loaderData, actionData }: Route.ComponentProps) {
  const { view, image, didJsonUrl } = loaderData;
  return (
    <main id="main" className="page">
      <p className={styles.kicker}>Certificate of authenticity</p>
      {view.signature === "valid" ? (
        <div className={styles.layout}>
          {image ? (
            <figure className={styles.picture}>
              <Picture
                collection="artworks"
                name={image}
                alt={view.title}
                sizes="(min-width: 1024px) 40vw, 100vw"
                priority
              />
            </figure>
          ) : null}
          <div>
            <h1 className={styles.title}>
              {view.title}, {view.edition}
            </h1>
            <CertificateStandingNote standing={view.standing} />
            <dl className={styles.facts}>
              {view.lines.map(([label, value]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          </div>
        </div>
      ) : (
        <>
          <h1 className={styles.title}>This certificate does not verify</h1>
          <p className={styles.invalid} data-standing="invalid">
            {view.reason} Contact the studio before relying on it.
          </p>
        </>
      )}
      <CertificateCheck didJsonUrl={didJsonUrl} serverVerdict={actionData?.verdict} />
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary notFound={<CertificateNotFound />} />;
}

function CertificateNotFound() {
  const copy = notFoundCopyOf(useRouteError());
  return <NotFoundPage title={copy?.heading} message={copy?.message} />;
}
