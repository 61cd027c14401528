import { Link, redirect } from "react-router";
import { adminMeta } from "#app/admin/admin-page.ts";
import studio from "#app/admin/studio.module.css";
import { gateAnswer, signInStep, studioAccess } from "#app/admin/studio-access.server.ts";
import { StudioGate } from "#app/admin/studio-gate.tsx";
import { roomWriteAccess } from "#app/admin/viewing-rooms/room-access.server.ts";
import { createRoom } from "#app/admin/viewing-rooms/room-editing.server.ts";
import { type EditorAnswerData, RoomEditor } from "#app/admin/viewing-rooms/room-editor.tsx";
import { checkedForSave, editorFormStep } from "#app/admin/viewing-rooms/room-editor-step.server.ts";
import { emptyRoomForm } from "#app/admin/viewing-rooms/room-form.ts";
import { badRoomInput } from "#app/admin/viewing-rooms/room-input.server.ts";
import { assertSameOrigin } from "#app/auth/origin-check.server.ts";
import { contentStoreContext } from "#app/content/content-store.server.ts";
import { databaseContext } from "#app/db/context.ts";
import { answeringOutages } from "#app/http/outage-answers.server.ts";
import { readForm } from "#app/http/read-form.server.ts";
import type { Route } from "./+types/admin.viewing-rooms.new";

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) =>
  adminMeta({ matches, error }, loaderData?.state === "admin" ? "New viewing room" : "Admin Login");

export const loader = answeringOutages("page", newRoomLoader);
export const action = answeringOutages("page", newRoomAction);

async function newRoomLoader({ request, context }: Route.LoaderArgs) {
  const access = await studioAccess(request, context);
  if (access.state !== "admin") return gateAnswer(access.state);
  return { state: "admin" as const };
}

async function newRoomAction({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const form = await readForm(request);
  const answer = await signInStep(request, context, form, "/admin/viewing-rooms/new");
  if (answer) return answer;
  const allowed = await roomWriteAccess(request, context);
  if (!allowed.ok) return allowed.answer;
  const intent = String(form.get("intent") ?? "").slice(0, 300);
  if (intent === "save") {
    const checked = checkedForSave(form, true, context.get(contentStoreContext).catalogueWithHidden());
    if (!checked.ok) return checked.answer;
    const room = await createRoom(context.get(databaseContext).db, checked.input);
    return redirect(`/admin/viewing-rooms/${room.id}?created=1`);
  }
  const step = editorFormStep(form, intent, context.get(contentStoreContext).catalogueWithHidden());
  if (step) return step;
  badRoomInput("Unknown action.");
}

export default function NewRoomPage({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.state !== "admin") {
    const error = actionData && "error" in actionData ? String(actionData.error) : undefined;
    return <StudioGate screen="viewing-rooms" state={loaderData.state} error={error} />;
  }
  const answer = actionData && "kind" in actionData ? (actionData as EditorAnswerData) : undefined;
  return (
    <>
      <p className={studio.back}>
        <Link to="/admin/viewing-rooms" className={studio.textLink}>
          ← All viewing rooms
        </Link>
      </p>
      <header className={studio.detailHead}>
        <p className="eyebrow">Viewing room</p>
        <h1>New room</h1>
        <p className={studio.account}>Choose the works and the words; links for each recipient come next.</p>
      </header>
      <RoomEditor initial={emptyRoomForm} answer={answer} hasPasscode={false} isNew />
    </>
  );
}
