import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import studio from "#app/admin/studio.module.css";
import { LinkCard } from "./link-card.tsx";
import { NewLinkForm } from "./new-link-form.tsx";
import type { RoomFormErrors } from "./room-form.ts";
import styles from "./room-links.module.css";

/** The answer to a link action (add, revoke, renew) or to closing and reopening the room. */
export interface LinkAnswerData {
  kind: "link";
  message?: string;
  errors?: RoomFormErrors;
  freshLinkId?: number;
}

export interface RoomLinkView {
  id: number;
  note: string;
  state: "active" | "revoked" | "expired";
  url: string | null;
  hasPasscode: boolean;
  expiresAt: Date | null;
  createdAt: Date;
  revokedAt: Date | null;
  replacedById: number | null;
  firstOpenedAt: Date | null;
  lastOpenedAt: Date | null;
  visits: number;
  passcodeRefusals: number;
  works: { slug: string; title: string; opened: number; zoomed: number }[];
  enquiryIds: number[];
}

/**
 * The room's links, one per recipient, newest first, with what happened through each; a form
 * to add one. Every button is a plain POST; with JavaScript they go through fetchers, so the
 * editor below keeps what is typed in it.
 */
export function RoomLinks({
  links,
  answer,
  roomOpen,
}: {
  links: RoomLinkView[];
  answer?: LinkAnswerData;
  roomOpen: boolean;
}) {
  const addFetcher = useFetcher<LinkAnswerData>();
  const actionFetcher = useFetcher<LinkAnswerData>();
  const latest = addFetcher.data ?? actionFetcher.data ?? answer;
  const [announcement, setAnnouncement] = useState("");
  const formRef = useRef<HTMLFormElement>(null);
  const ids = useId();
  const addErrors = addFetcher.data?.errors ?? (answer?.errors && !addFetcher.data ? answer.errors : {});
  const fresh = addFetcher.data?.freshLinkId ?? actionFetcher.data?.freshLinkId ?? answer?.freshLinkId;

  useEffect(() => {
    if (addFetcher.state === "idle" && addFetcher.data?.freshLinkId) formRef.current?.reset();
  }, [addFetcher.state, addFetcher.data]);
  useEffect(() => {
    if (latest?.message) setAnnouncement(latest.message);
  }, [latest]);

  const active = links.filter((link) => link.state !== "revoked");
  const byId = new Map(links.map((link) => [link.id, link]));
  return (
    <section className={studio.panel} aria-labelledby={`${ids}-links`}>
      <h2 id={`${ids}-links`} className={studio.sectionTitle}>
        Links ({active.length} in use)
      </h2>
      {roomOpen ? null : (
        <p className={studio.hint}>The room is not open: none of these links opens it until it is reopened.</p>
      )}
      <NewLinkForm fetcher={addFetcher} formRef={formRef} errors={addErrors} />
      <p className={studio.live} role="status" aria-live="polite">
        {announcement}
      </p>

      {links.length === 0 ? (
        <p className={studio.hint}>No links yet. Make one per recipient, so each can be revoked alone.</p>
      ) : (
        <ul className={styles.links} aria-label="Links, newest first">
          {links.map((link) => (
            <LinkCard
              key={link.id}
              link={link}
              fresh={link.id === fresh}
              replacement={link.replacedById ? byId.get(link.replacedById) : undefined}
              fetcher={actionFetcher}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
