import { Form, Link } from "react-router";
import { adminMeta } from "#app/admin/admin-page.ts";
import studio from "#app/admin/studio.module.css";
import { gateAnswer, signInStep, studioAccess } from "#app/admin/studio-access.server.ts";
import { StudioGate } from "#app/admin/studio-gate.tsx";
import { roomWriteAccess } from "#app/admin/viewing-rooms/room-access.server.ts";
import { badRoomInput } from "#app/admin/viewing-rooms/room-input.server.ts";
import { listRooms } from "#app/admin/viewing-rooms/room-reading.server.ts";
import { roomStateLabels } from "#app/admin/viewing-rooms/room-words.ts";
import styles from "#app/admin/viewing-rooms/viewing-rooms.module.css";
import { assertSameOrigin } from "#app/auth/origin-check.server.ts";
import { databaseContext } from "#app/db/context.ts";
import { formatWhen } from "#app/enquiries/enquiry-words.ts";
import { answeringOutages } from "#app/http/outage-answers.server.ts";
import { readForm } from "#app/http/read-form.server.ts";
import type { Route } from "./+types/admin.viewing-rooms._index";

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) =>
  adminMeta({ matches, error }, loaderData?.state === "admin" ? "Viewing rooms" : "Admin Login");

export const loader = answeringOutages("page", roomsLoader);
export const action = answeringOutages("page", roomsAction);

async function roomsLoader({ request, context }: Route.LoaderArgs) {
  const access = await studioAccess(request, context);
  if (access.state !== "admin") return gateAnswer(access.state);
  const db = context.get(databaseContext).db;
  const rooms = await listRooms(db);
  return { state: "admin" as const, email: access.user.email, rooms };
}

async function roomsAction({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const form = await readForm(request);
  const answer = await signInStep(request, context, form, "/admin/viewing-rooms");
  if (answer) return answer;
  const allowed = await roomWriteAccess(request, context);
  if (!allowed.ok) return allowed.answer;
  badRoomInput("Unknown action.");
}

export default function ViewingRoomsPage({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.state !== "admin") {
    const error = actionData && "error" in actionData ? String(actionData.error) : undefined;
    return <StudioGate screen="viewing-rooms" state={loaderData.state} error={error} />;
  }
  const { rooms } = loaderData;
  return (
    <>
      <header className={studio.head}>
        <div>
          <p className="eyebrow">Admin</p>
          <h1>Viewing rooms</h1>
          <p className={studio.account}>
            Private pages for one collector or a few, each shared by its own links. Signed in as {loaderData.email}.
          </p>
        </div>
        <div className={styles.roomActions}>
          <Link to="/admin/viewing-rooms/new" className="button">
            New Room
          </Link>
          <Form method="post">
            <input type="hidden" name="intent" value="sign-out" />
            <button type="submit" className="button button-ghost">
              Sign Out
            </button>
          </Form>
        </div>
      </header>

      {rooms.length === 0 ? (
        <p className={studio.empty}>No rooms yet. A room gathers chosen works with words for one collector.</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.rooms} aria-label="Viewing rooms, most recently changed first">
            <thead>
              <tr>
                <th scope="col">Room</th>
                <th scope="col">State</th>
                <th scope="col" className={styles.number}>
                  Works
                </th>
                <th scope="col" className={styles.number}>
                  Links
                </th>
                <th scope="col">Last opened</th>
                <th scope="col" className={styles.number}>
                  Visits
                </th>
              </tr>
            </thead>
            <tbody>
              {rooms.map((room) => (
                <tr key={room.id}>
                  <td>
                    <Link to={`/admin/viewing-rooms/${room.id}`}>{room.title}</Link>
                  </td>
                  <td>
                    <span className={studio.chip} data-state={room.state}>
                      {roomStateLabels[room.state]}
                    </span>
                  </td>
                  <td className={styles.number} data-label="Works">
                    {room.works}
                  </td>
                  <td className={styles.number} data-label="Links">
                    {room.links}
                  </td>
                  <td data-label="Last opened">
                    {room.lastOpenedAt ? (
                      <time dateTime={room.lastOpenedAt.toISOString()}>{formatWhen(room.lastOpenedAt)}</time>
                    ) : (
                      "Not yet"
                    )}
                  </td>
                  <td className={styles.number} data-label="Visits">
                    {room.visits}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
