import { data } from "react-router";
import { adminMeta } from "#app/admin/admin-page.ts";
import { badInput } from "#app/admin/enquiries/inbox-input.server.ts";
import { addressToForget, addressToPreview } from "#app/admin/forget-address.server.ts";
import { ForgetAddressForm, ForgetConfirm, type ForgetList, ForgetPage } from "#app/admin/forget-address.tsx";
import { studioAccess } from "#app/admin/studio-access.server.ts";
import { gateError, StudioGate } from "#app/admin/studio-gate.tsx";
import { studioScreenAction, studioScreenLoader } from "#app/admin/studio-screen.server.ts";
import { databaseContext } from "#app/db/context.ts";
import { removeForgottenOutboxFiles } from "#app/enquiries/forgotten-mail-files.server.ts";
import { forgetEmail, forgetPreview } from "#app/enquiries/inbox.server.ts";
import type { Route } from "./+types/admin.enquiries.forget";

export const meta: Route.MetaFunction = ({ matches, error }) =>
  adminMeta({ matches, error }, "Forget an Email Address");

export const loader = studioScreenLoader(async ({ request, context }: Route.LoaderArgs) => {
  const email = addressToPreview(new URL(request.url));
  if (email === null) return { preview: null };
  const db = context.get(databaseContext).db;
  return { preview: { email, ...(await forgetPreview(db, email)) } };
});

export const action = studioScreenAction(
  "/admin/enquiries/forget",
  async ({ request, context }: Route.ActionArgs, form) => {
    const access = await studioAccess(request, context);
    if (access.state !== "admin") {
      return data({ error: "Sign in as an admin with an authenticator app to do this." }, { status: 401 });
    }
    if (form.get("intent") !== "forget") badInput("Unknown action.");
    const email = addressToForget(form.get("email"));
    const db = context.get(databaseContext).db;
    const gone = await forgetEmail(db, email);
    await removeForgottenOutboxFiles(db);
    return { done: { email, ...gone } };
  },
);

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString("en-US")} ${count === 1 ? one : many}`;

const enquiries: ForgetList = { href: "/admin/enquiries", all: "← All enquiries", back: "Back to Enquiries" };

export default function ForgetEnquiriesPage({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.state !== "admin")
    return <StudioGate screen="enquiries" state={loaderData.state} error={gateError(actionData)} />;
  const done = actionData && "done" in actionData ? actionData.done : undefined;
  const preview = loaderData.preview;
  return (
    <ForgetPage
      list={enquiries}
      heading="Forget an Email Address"
      intro="When someone asks to be forgotten, this deletes every enquiry sent from their address and the mail records that carried them to the studio, all at once. It cannot be undone. Mail already delivered to the studio’s own inbox must be deleted there."
      done={
        done ? (
          <>
            Deleted {plural(done.enquiries, "enquiry", "enquiries")} and{" "}
            {plural(done.mail, "mail record", "mail records")} from {done.email}.
          </>
        ) : null
      }
    >
      {preview ? (
        <ForgetConfirm
          list={enquiries}
          address={preview.email}
          button={preview.enquiries + preview.mail > 0 ? "Delete Everything from This Address" : null}
        >
          {preview.enquiries + preview.mail === 0 ? (
            <p>Nothing is stored from {preview.email}.</p>
          ) : (
            <p>
              This will delete <strong>{plural(preview.enquiries, "enquiry", "enquiries")}</strong> and{" "}
              <strong>{plural(preview.mail, "mail record", "mail records")}</strong> from{" "}
              <strong>{preview.email}</strong>.
            </p>
          )}
        </ForgetConfirm>
      ) : null}
      <ForgetAddressForm defaultValue={preview?.email ?? ""} />
    </ForgetPage>
  );
}
