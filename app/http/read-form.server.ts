import { data } from "react-router";

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];
const noStore = { "Cache-Control": "no-store" };

/**
 * The fields of a form submission, for route actions. Anything that is not a readable form
 * (JSON, no body, broken or truncated multipart, file parts, NUL characters) is thrown as a 4xx
 * whose text says what to do, which the route's error boundary shows; it never reaches the
 * action as a 500. (The body's size is limited before this, in server/body-limit.ts.)
 */
export async function readForm(request: Request): Promise<FormData> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (!FORM_TYPES.includes(type)) {
    throw data(
      `This address takes a form submission (${FORM_TYPES.join(" or ")}), not ${type || "a request without a content type"}. Reload the page and send the form again.`,
      { status: 415, headers: noStore },
    );
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw data("The form could not be read: its body is incomplete or malformed. Reload the page and send it again.", {
      status: 400,
      headers: noStore,
    });
  }
  for (const [name, value] of form) {
    if (typeof value !== "string") {
      throw data(`The form field "${name.slice(0, 40)}" is a file; this form takes text only.`, {
        status: 400,
        headers: noStore,
      });
    }
    // PostgreSQL text cannot hold NUL, and no one types it: refuse it here, not as a database error.
    if (value.includes("\u0000") || name.includes("\u0000")) {
      throw data("The form contains a NUL character, which no field accepts. Remove it and send the form again.", {
        status: 400,
        headers: noStore,
      });
    }
  }
  return form;
}
