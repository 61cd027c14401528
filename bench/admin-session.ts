/** Signs in through the admin login form, as a browser without JavaScript would; returns the session cookie. */
export async function signInAsAdmin(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/admin/quotes`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseUrl },
    body: new URLSearchParams({ intent: "login", email, password }),
  });
  const cookies = response.headers.getSetCookie().map((c) => c.split(";")[0]);
  if (!cookies.length) throw new Error(`sign-in gave no session cookie (HTTP ${response.status})`);
  return cookies.join("; ");
}

export const benchAdmin = { email: "bench-admin@umbra.example", password: "a long bench passphrase 4 umbra" };
