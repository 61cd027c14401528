import { createContext, type RouterContextProvider } from "react-router";

/**
 * Headers a studio handler wants on the request's answer that React Router would not carry over
 * from an action's data (a throttled sign-in's Retry-After): kept here, set by the shell.
 */
const studioAnswerHeadersContext = createContext<Headers | null>(null);

/** Gives the request a place for them (the shell's middleware does). */
export function startStudioAnswerHeaders(context: Readonly<RouterContextProvider>) {
  const headers = new Headers();
  context.set(studioAnswerHeadersContext, headers);
  return headers;
}

/** Keeps a refusal's Retry-After for the answer; a no-op outside the shell (a unit test). */
export function keepRetryAfter(context: Readonly<RouterContextProvider>, headers: HeadersInit | undefined) {
  const retryAfter = new Headers(headers).get("Retry-After");
  const kept = context.get(studioAnswerHeadersContext);
  if (retryAfter && kept) kept.set("Retry-After", retryAfter);
}
