import { isRouteErrorResponse, useRouteError } from "react-router";
import { GeneralErrorBoundary } from "#app/components/general-error-boundary.tsx";
import { StatusPage } from "#app/components/status-page.tsx";

type Refusal =
  | { room: "gone"; reason: string; studioEmail: string }
  | { room: "limited"; message: string; studioEmail: string };

const goneWords: Record<string, string> = {
  "room-closed": "The studio has closed this private viewing room.",
  "room-expired": "This private viewing room was open for a set time, and that time has passed.",
  "link-revoked": "The studio has withdrawn this link to the viewing room.",
  "link-expired": "This link to the viewing room was open for a set time, and that time has passed.",
};

function isRefusal(value: unknown): value is Refusal {
  return typeof value === "object" && value !== null && "room" in value;
}

/**
 * The room routes' error boundary: a closed or expired room or link (410) says so and how to
 * reach the studio; too many unknown links (429) says when to try again; an unknown link is the
 * site's own 404 page, like any address that does not exist.
 */
export function RoomErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && isRefusal(error.data)) {
    const refusal = error.data;
    const email = refusal.studioEmail;
    if (refusal.room === "gone") {
      return (
        <StatusPage
          code="410"
          title="This viewing room is no longer open"
          message={
            <>
              {goneWords[refusal.reason] ?? goneWords["room-closed"]} To see these works again, or for a new link, write
              to the studio at <a href={`mailto:${email}`}>{email}</a>.
            </>
          }
          actions={
            <>
              <a href={`mailto:${email}`} className="button">
                Write to the studio
              </a>
              <a href="/art" className="button button-ghost">
                Browse the public works
              </a>
            </>
          }
        />
      );
    }
    return (
      <StatusPage
        code="429"
        title="Too many attempts"
        message={refusal.message}
        actions={
          <a href={`mailto:${email}`} className="button">
            Write to the studio
          </a>
        }
      />
    );
  }
  return <GeneralErrorBoundary />;
}
