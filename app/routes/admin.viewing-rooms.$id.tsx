import { data, Link, redirect } from "react-router";
import { adminMeta } from "#app/admin/admin-page.ts";
import { IntentButton } from "#app/admin/intent-button.tsx";
import studio from "#app/admin/studio.module.css";
import { gateAnswer, signInStep, studioAccess } from "#app/admin/studio-access.server.ts";
import { StudioGate } from "#app/admin/studio-gate.tsx";
import { roomWriteAccess } from "#app/admin/viewing-rooms/room-access.server.ts";
import { duplicateRoom, saveRoom, setRoomClosed } from "#app/admin/viewing-rooms/room-editing.server.ts";
import { type EditorAnswerData, RoomEditor } from "#app/admin/viewing-rooms/room-editor.tsx";
import {
  answerWith,
  checkedForSave,
  editorFormStep,
  submittedRevision,
} from "#app/admin/viewing-rooms/room-editor-step.server.ts";
import { type RoomForm, toUtcFieldValue } from "#app/admin/viewing-rooms/room-form.ts";
import { badRoomInput, checkLinkForm, readRoomId } from "#app/admin/viewing-rooms/room-input.server.ts";
import {
  createRoomLink,
  RoomLinkLimitError,
  renewRoomLink,
  revokeRoomLink,
} from "#app/admin/viewing-rooms/room-links.server.ts";
import { type LinkAnswerData, RoomLinks } from "#app/admin/viewing-rooms/room-links.tsx";
import { getRoomForEditing } from "#app/admin/viewing-rooms/room-reading.server.ts";
import { roomStateLabels } from "#app/admin/viewing-rooms/room-words.ts";
import styles from "#app/admin/viewing-rooms/viewing-rooms.module.css";
import { assertSameOrigin } from "#app/auth/origin-check.server.ts";
import { publicOrigin } from "#app/config/public-origin.server.ts";
import { contentStoreContext } from "#app/content/content-store.server.ts";
import { databaseContext } from "#app/db/context.ts";
import { formatWhen } from "#app/enquiries/enquiry-words.ts";
import { answeringOutages } from "#app/http/outage-answers.server.ts";
import { readForm } from "#app/http/read-form.server.ts";
import type { Route } from "./+types/admin.viewing-rooms.$id";

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) =>
  adminMeta(
    { matches, error },
    loaderData?.state === "admin" ? `Viewing room: ${loaderData.room.title}` : "Admin Login",
  );

export const loader = answeringOutages("page", roomLoader);
export const action = answeringOutages("page", roomAction);

function notFound(): never {
  badRoomInput("No viewing room has that number.", 404);
}

async function roomLoader({ request, context, params }: Route.LoaderArgs) {
  const access = await studioAccess(request, context);
  if (access.state !== "admin") return gateAnswer(access.state);
  const id = readRoomId(params.id);
  const db = context.get(databaseContext).db;
  const room = await getRoomForEditing(db, context.get(contentStoreContext).catalogueWithHidden(), id);
  if (!room) notFound();
  const origin = publicOrigin();
  const form: RoomForm = {
    title: room.title,
    introduction: room.introduction,
    showPrice: room.showPrice,
    showAvailability: room.showAvailability,
    showEdition: room.showEdition,
    expiresAt: toUtcFieldValue(room.expiresAt),
    passcode: "",
    removePasscode: false,
    downloads: room.downloads,
    works: room.works.map((work) => ({ slug: work.slug, title: work.title, note: work.note, price: work.price })),
  };
  const url = new URL(request.url);
  return {
    state: "admin" as const,
    created: url.searchParams.get("created") === "1",
    duplicated: url.searchParams.get("duplicated") === "1",
    room: {
      id: room.id,
      title: room.title,
      state: room.state,
      closedAt: room.closedAt,
      expiresAt: room.expiresAt,
      hasPasscode: room.hasPasscode,
      revision: room.revision,
      updatedAt: room.updatedAt,
      missingWorks: room.works.filter((work) => !work.inCatalogue).map((work) => work.slug),
    },
    form,
    links: room.links.map(({ token, ...link }) => ({ ...link, url: token ? `${origin}/rooms/${token}` : null })),
  };
}

function linkAnswer(body: Omit<LinkAnswerData, "kind">, status = 200) {
  return data({ kind: "link" as const, ...body }, { status, headers: { "Cache-Control": "no-store" } });
}

async function roomAction({ request, context, params }: Route.ActionArgs) {
  assertSameOrigin(request);
  const form = await readForm(request);
  const answer = await signInStep(request, context, form, `/admin/viewing-rooms/${readRoomId(params.id)}`);
  if (answer) return answer;
  const allowed = await roomWriteAccess(request, context);
  if (!allowed.ok) return allowed.answer;
  const id = readRoomId(params.id);
  const db = context.get(databaseContext).db;
  const intent = String(form.get("intent") ?? "").slice(0, 300);

  if (intent === "save" || intent.startsWith("save-over:")) {
    // "Save mine over theirs" names the revision the studio saw in the refusal, so a third
    // save made meanwhile is still caught.
    const over = /^save-over:(\d{1,9})$/.exec(intent);
    const revision = over ? Number(over[1]) : submittedRevision(form);
    if (revision === undefined)
      badRoomInput("The form does not say which version of the room it edits. Reload the page.");
    const checked = checkedForSave(form, false, context.get(contentStoreContext).catalogueWithHidden());
    if (!checked.ok) return checked.answer;
    const outcome = await saveRoom(db, id, revision, checked.input);
    if (outcome.ok) {
      return answerWith({
        form: checked.form,
        savedRevision: outcome.revision,
        baseRevision: outcome.revision,
        message: "Saved.",
      });
    }
    if (outcome.reason === "not-found") notFound();
    return answerWith(
      {
        form: checked.form,
        baseRevision: revision,
        latestRevision: outcome.latestRevision,
        message: "Not saved: this room was changed elsewhere since you opened it.",
      },
      409,
    );
  }
  const step = editorFormStep(form, intent, context.get(contentStoreContext).catalogueWithHidden());
  if (step) return step;

  switch (intent) {
    case "duplicate": {
      const copy = await duplicateRoom(db, id);
      if (copy === undefined) notFound();
      return redirect(`/admin/viewing-rooms/${copy}?duplicated=1`);
    }
    case "close":
    case "reopen":
      if (!(await setRoomClosed(db, id, intent === "close"))) notFound();
      return linkAnswer({
        message: intent === "close" ? "The room is closed: none of its links opens it." : "The room is open again.",
      });
    case "add-link": {
      const checked = checkLinkForm(form);
      if (!checked.ok) return linkAnswer({ errors: checked.errors, message: "The link was not made." }, checked.status);
      try {
        const link = await createRoomLink(db, id, checked.input);
        if (!link) notFound();
        return linkAnswer({ freshLinkId: link.id, message: "Link made. Copy it and send it to its recipient." });
      } catch (error) {
        if (error instanceof RoomLinkLimitError)
          return linkAnswer({ message: error.message, errors: { linkNote: error.message } }, 409);
        throw error;
      }
    }
    case "revoke-link": {
      const linkId = readRoomId(form.get("linkId"), "link");
      if (!(await revokeRoomLink(db, id, linkId))) {
        badRoomInput("This room has no link in use with that number: it may have been revoked already.", 404);
      }
      return linkAnswer({ message: "Link revoked: it no longer opens the room." });
    }
    case "renew-link": {
      const linkId = readRoomId(form.get("linkId"), "link");
      const fresh = await renewRoomLink(db, id, linkId);
      if (!fresh) badRoomInput("This room has no link in use with that number: it may have been renewed already.", 404);
      return linkAnswer({
        freshLinkId: fresh.id,
        message: "Link renewed: the old one no longer opens the room. Send the new one.",
      });
    }
    default:
      badRoomInput("Unknown action.");
  }
}

export default function RoomPage({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.state !== "admin") {
    const error = actionData && "error" in actionData ? String(actionData.error) : undefined;
    return <StudioGate screen="viewing-rooms" state={loaderData.state} error={error} />;
  }
  const { room } = loaderData;
  const editorAnswer =
    actionData && "kind" in actionData && actionData.kind === "editor" ? (actionData as EditorAnswerData) : undefined;
  const linkAnswerData =
    actionData && "kind" in actionData && actionData.kind === "link" ? (actionData as LinkAnswerData) : undefined;
  return (
    <>
      <p className={studio.back}>
        <Link to="/admin/viewing-rooms" className={studio.textLink}>
          ← All viewing rooms
        </Link>
      </p>
      <header className={studio.head}>
        <div className={studio.detailHead}>
          <p className="eyebrow">
            Viewing room {room.id} ·{" "}
            <span className={studio.chip} data-state={room.state}>
              {roomStateLabels[room.state]}
            </span>
          </p>
          <h1>{room.title}</h1>
          <p className={studio.account}>
            {room.state === "closed" && room.closedAt
              ? `Closed ${formatWhen(room.closedAt)}: no link opens it.`
              : room.state === "expired" && room.expiresAt
                ? `Expired ${formatWhen(room.expiresAt)}: no link opens it.`
                : room.expiresAt
                  ? `Open until ${formatWhen(room.expiresAt)}.`
                  : "Open, with no expiry."}{" "}
            Last saved {formatWhen(room.updatedAt)}.
          </p>
        </div>
        <div className={studio.headActions}>
          <IntentButton intent="duplicate">Duplicate Room</IntentButton>
          {room.closedAt ? (
            <IntentButton intent="reopen">Reopen Room</IntentButton>
          ) : (
            <IntentButton
              intent="close"
              danger
              confirm="Close this room? Every one of its links stops opening it until you reopen it."
            >
              Close Room
            </IntentButton>
          )}
        </div>
      </header>
      <p className={studio.live} role="status">
        {loaderData.created ? "Room created. Make a link for each recipient below." : null}
        {loaderData.duplicated ? "This is a copy, without links. Its title ends in “(copy)”." : null}
      </p>
      {room.missingWorks.length > 0 ? (
        <p className={styles.formError}>
          No longer in the catalogue, so the room cannot be saved with them: remove {room.missingWorks.join(", ")}
        </p>
      ) : null}

      <RoomLinks links={loaderData.links} answer={linkAnswerData} roomOpen={room.state === "open"} />

      <h2 className={`${studio.sectionTitle} ${styles.spaced}`}>Edit the room</h2>
      <RoomEditor
        key={room.id}
        initial={loaderData.form}
        answer={editorAnswer}
        revision={room.revision}
        hasPasscode={room.hasPasscode}
        isNew={false}
        roomPath={`/admin/viewing-rooms/${room.id}`}
      />
    </>
  );
}
