import type { UIMatch } from "react-router";

/**
 * Whether the studio shell (routes/admin.tsx) frames the screen below it: the page's <main> with
 * the navigation at its top, the screen's content inside. It does when the deepest route's loader
 * says `state: "admin"`: the screen shows itself. A gate (the sign-in steps, "add an
 * authenticator app", not an admin) has its own <main> and no navigation, as has any other page
 * (the designed 404 at /admin). An error below is shown by the shell's error boundary instead.
 */
export function framesScreen(matches: readonly Pick<UIMatch, "loaderData">[]): boolean {
  const screen = matches.at(-1)?.loaderData as { state?: unknown } | null | undefined;
  return screen?.state === "admin";
}
