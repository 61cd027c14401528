import type { RouterContextProvider } from "react-router";
import { assertSameOrigin } from "#app/auth/origin-check.server.ts";
import { answeringOutages } from "#app/http/outage-answers.server.ts";
import { readForm } from "#app/http/read-form.server.ts";
import { gateAnswer, type StudioAccess, signInStep, studioAccess } from "./studio-access.server.ts";

/** What a studio screen's loader and action are called with (a route's own args fit). */
interface ScreenArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

/** The access of an admin who may use the screen: signed in with a second factor. */
export type AdminAccess = Extract<StudioAccess, { state: "admin" }>;

/**
 * A studio screen's loader (a list, a forget page): someone who may not use it gets the gate's
 * answer (the sign-in steps, 401; "add an authenticator" or not an admin, 403); an admin gets what
 * `read` reads, with `state: "admin"` and the address they are signed in as. An outage, in the
 * access lookup or in `read`, is the 503 page.
 */
export function studioScreenLoader<Args extends ScreenArgs, Screen extends object>(
  read: (args: Args, access: AdminAccess) => Promise<Screen>,
) {
  return answeringOutages("page", async (args: Args) => {
    const access = await studioAccess(args.request, args.context);
    if (access.state !== "admin") return gateAnswer(access.state);
    const screen = await read(args, access);
    return { state: "admin" as const, email: access.user.email, ...screen };
  });
}

/**
 * A studio screen's action: a same-origin form only; the sign-in steps and Sign Out are answered
 * here (back to `returnTo`, this screen); any other form goes to `act`, which checks the access
 * its write needs. An outage is the 503 page.
 */
export function studioScreenAction<Args extends ScreenArgs, Answer>(
  returnTo: string,
  act: (args: Args, form: FormData) => Promise<Answer>,
) {
  return answeringOutages("page", async (args: Args) => {
    assertSameOrigin(args.request);
    const form = await readForm(args.request);
    const answer = await signInStep(args.request, args.context, form, returnTo);
    if (answer) return answer;
    return act(args, form);
  });
}
