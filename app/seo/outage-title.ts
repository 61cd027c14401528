import { isRouteErrorResponse } from "react-router";

/**
 * The title of a page answered with an outage (app/http/outage-answers.server.ts): what is down,
 * taken from the message's lead ("Database unavailable", "Image storage unavailable"), so the tab
 * and the heading say it rather than the screen the page would have been ("Admin Login").
 * Undefined for any other answer.
 */
export function outageTitle(error: unknown): string | undefined {
  if (!isRouteErrorResponse(error) || error.status !== 503) return undefined;
  const lead = typeof error.data === "string" ? /^([A-Z][a-z ]{2,40} unavailable):/.exec(error.data)?.[1] : undefined;
  return lead ?? "Temporarily unavailable";
}
