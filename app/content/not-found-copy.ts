import { isRouteErrorResponse } from "react-router";

/** The words of a designed 404 (content/pages/not-found.yaml, or art.yaml's work_not_found_*). */
export interface NotFoundCopy {
  title: string;
  heading: string;
  message: string;
}

/**
 * A loader that answers 404 throws its page's copy as the error's data (the copy comes from the
 * content store, on the server); the error boundary and `meta` read it back here.
 */
export function notFoundCopyOf(error: unknown): NotFoundCopy | undefined {
  if (!isRouteErrorResponse(error) || error.status !== 404) return undefined;
  const data: unknown = error.data;
  return data && typeof data === "object" && "heading" in data && "message" in data && "title" in data
    ? (data as NotFoundCopy)
    : undefined;
}
