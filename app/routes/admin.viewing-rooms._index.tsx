import { Link } from "react-router";
import { adminMeta } from "#app/admin/admin-page.ts";
import studio from "#app/admin/studio.module.css";
import { gateError, StudioGate } from "#app/admin/studio-gate.tsx";
import { StudioHead } from "#app/admin/studio-head.tsx";
import { studioScreenAction, studioScreenLoader } from "#app/admin/studio-screen.server.ts";
import { roomWriteAccess } from "#app/admin/viewing-rooms/room-access.server.ts";
import { badRoomInput } from "#app/admin/viewing-rooms/room-input.server.ts";
import { listRooms } from "#app/admin/viewing-rooms/room-reading.server.ts";
import { roomStateLabels } from "#app/admin/viewing-rooms/room-words.ts";
import styles from "#app/admin/viewing-rooms/viewing-rooms.module.css";
import { databaseContext } from "#app/db/context.ts";
import { formatWhen } from "#app/enquiries/enquiry-words.ts";
import type { Route } from "./+types/admin.viewing-rooms._index";

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) =>
  adminMeta({ matches, error }, loaderData?.state === "admin" ? "Viewing rooms" : "Admin Login");

export const loader = studioScreenLoader(async ({ context }: Route.LoaderArgs) => {
  const rooms = await listRooms(context.get(databaseContext).db);
  return { rooms };
});

/** Only the sign-in steps and Sign Out: a room is made and changed on its own page. */
export const action = studioScreenAction("/admin/viewing-rooms", async ({ request, context }: Route.ActionArgs) => {
  const allowed = await roomWriteAccess(request, context);
  if (!allowed.ok) return allowed.answer;
  badRoomInput("Unknown action.");
});

export default function ViewingRoomsPage({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.state !== "admin")
    return <StudioGate screen="viewing-rooms" state={loaderData.state} error={gateError(actionData)} />;
  const { rooms } = loaderData;
  return (
    <>
      <StudioHead
        title="Viewing rooms"
        account={
          <>Private pages for one collector or a few, each shared by its own links. Signed in as {loaderData.email}.</>
        }
      >
        <Link to="/admin/viewing-rooms/new" className="button">
          New Room
        </Link>
      </StudioHead>

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
