import { data, type RouterContextProvider } from "react-router";
import { enquiryAccess } from "#app/admin/enquiries/enquiry-access.server.ts";

/**
 * A content write's access: a signed-in admin with a second factor, as for the inbox and the
 * rooms (Origin already checked by the caller). Returns the access, or the answer to give: 401
 * signed out, 403 without a second factor or not an admin.
 */
export async function contentWriteAccess(request: Request, context: Readonly<RouterContextProvider>) {
  const access = await enquiryAccess(request, context);
  if (access.state === "admin") return { ok: true as const, access };
  if (access.state === "login" || access.state === "code")
    return { ok: false as const, answer: data({ error: "Sign in as an admin to do this." }, { status: 401 }) };
  return {
    ok: false as const,
    answer: data(
      {
        error:
          access.state === "needs-factor"
            ? "Add an authenticator app on the Security screen before publishing content."
            : "This account is not an admin.",
      },
      { status: 403 },
    ),
  };
}
