import { useEffect, useId, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import enquiryStyles from "#app/admin/enquiries/enquiries.module.css";
import { formatWhen } from "#app/enquiries/enquiry-words.ts";
import { ROOM_LIMITS, type RoomFormErrors } from "./room-form.ts";
import { linkStateLabels } from "./room-words.ts";
import styles from "./viewing-rooms.module.css";

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
    <section className={enquiryStyles.panel} aria-labelledby={`${ids}-links`}>
      <h2 id={`${ids}-links`} className={enquiryStyles.sectionTitle}>
        Links ({active.length} in use)
      </h2>
      {roomOpen ? null : (
        <p className={enquiryStyles.hint}>The room is not open: none of these links opens it until it is reopened.</p>
      )}
      <addFetcher.Form method="post" className={styles.linkForm} ref={formRef} aria-label="New link">
        <input type="hidden" name="intent" value="add-link" />
        <label className={enquiryStyles.field}>
          <span>Who it is for</span>
          <input
            name="linkNote"
            maxLength={ROOM_LIMITS.note}
            placeholder="for Ada, Basel"
            aria-invalid={addErrors.linkNote ? true : undefined}
            aria-describedby={addErrors.linkNote ? `${ids}-note-error` : undefined}
          />
          {addErrors.linkNote ? (
            <span id={`${ids}-note-error`} className={styles.fieldError} aria-hidden="true">
              {addErrors.linkNote}
            </span>
          ) : null}
        </label>
        <label className={enquiryStyles.field}>
          <span>Expires (UTC, optional)</span>
          <input
            type="datetime-local"
            name="linkExpiresAt"
            aria-invalid={addErrors.linkExpiresAt ? true : undefined}
            aria-describedby={addErrors.linkExpiresAt ? `${ids}-expiry-error` : undefined}
          />
          {addErrors.linkExpiresAt ? (
            <span id={`${ids}-expiry-error`} className={styles.fieldError} aria-hidden="true">
              {addErrors.linkExpiresAt}
            </span>
          ) : null}
        </label>
        <label className={enquiryStyles.field}>
          <span>Passcode for this link (optional)</span>
          <input
            type="password"
            name="linkPasscode"
            autoComplete="new-password"
            maxLength={ROOM_LIMITS.passcodeMax}
            aria-invalid={addErrors.linkPasscode ? true : undefined}
            aria-describedby={addErrors.linkPasscode ? `${ids}-passcode-error` : undefined}
          />
          {addErrors.linkPasscode ? (
            <span id={`${ids}-passcode-error`} className={styles.fieldError} aria-hidden="true">
              {addErrors.linkPasscode}
            </span>
          ) : null}
        </label>
        <div>
          <button type="submit" className="button" disabled={addFetcher.state !== "idle"}>
            Make Link
          </button>
        </div>
      </addFetcher.Form>
      <p className={enquiryStyles.live} role="status" aria-live="polite">
        {announcement}
      </p>

      {links.length === 0 ? (
        <p className={enquiryStyles.hint}>No links yet. Make one per recipient, so each can be revoked alone.</p>
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

function LinkCard({
  link,
  fresh,
  replacement,
  fetcher,
}: {
  link: RoomLinkView;
  fresh: boolean;
  replacement?: RoomLinkView;
  fetcher: ReturnType<typeof useFetcher<LinkAnswerData>>;
}) {
  const [copied, setCopied] = useState(false);
  const ids = useId();
  const name = link.note || `Link ${link.id}`;
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 4000);
    return () => clearTimeout(timer);
  }, [copied]);
  async function copy() {
    if (!link.url) return;
    try {
      await navigator.clipboard.writeText(link.url);
      setCopied(true);
    } catch {
      // No clipboard (an insecure origin, or refused): select the address so Ctrl/Cmd+C copies it.
      const field = document.getElementById(`${ids}-url`) as HTMLInputElement | null;
      field?.select();
    }
  }
  const opened = link.works.filter((work) => work.opened > 0 || work.zoomed > 0);
  return (
    <li className={styles.link} data-fresh={fresh || undefined} aria-labelledby={`${ids}-name`}>
      <div className={styles.linkHead}>
        <p id={`${ids}-name`} className={styles.linkNote}>
          {name}
        </p>
        <span className={styles.chip} data-state={link.state}>
          {linkStateLabels[link.state]}
        </span>
      </div>
      {link.state !== "revoked" ? (
        link.url ? (
          <div className={styles.copyRow}>
            <label htmlFor={`${ids}-url`} className="visually-hidden">
              Link ({name})
            </label>
            <input
              id={`${ids}-url`}
              className={styles.url}
              value={link.url}
              readOnly
              onFocus={(event) => event.currentTarget.select()}
            />
            <button type="button" className="button" onClick={copy} aria-label={`Copy link (${name})`}>
              Copy
            </button>
            <span className={styles.copied} role="status" aria-live="polite">
              {copied ? "Copied" : ""}
            </span>
          </div>
        ) : (
          <p className={enquiryStyles.hint}>
            This link cannot be shown again (the site’s secret changed since it was made). Renew it to get a new one.
          </p>
        )
      ) : (
        <p className={enquiryStyles.hint}>
          Revoked {link.revokedAt ? formatWhen(link.revokedAt) : ""}
          {replacement
            ? `; replaced by the newer link ${replacement.note ? `“${replacement.note}” ` : ""}(${replacement.id}).`
            : "."}
        </p>
      )}

      <dl className={styles.figures}>
        <div>
          <dt>Made</dt>
          <dd>{formatWhen(link.createdAt)}</dd>
        </div>
        <div>
          <dt>Expires</dt>
          <dd>{link.expiresAt ? formatWhen(link.expiresAt) : "With the room"}</dd>
        </div>
        <div>
          <dt>Passcode</dt>
          <dd>{link.hasPasscode ? "Its own" : "The room’s, if any"}</dd>
        </div>
        <div>
          <dt>First opened</dt>
          <dd>{link.firstOpenedAt ? formatWhen(link.firstOpenedAt) : "Not yet"}</dd>
        </div>
        <div>
          <dt>Last opened</dt>
          <dd>{link.lastOpenedAt ? formatWhen(link.lastOpenedAt) : "Not yet"}</dd>
        </div>
        <div>
          <dt>Visits</dt>
          <dd>{link.visits}</dd>
        </div>
        {link.passcodeRefusals > 0 ? (
          <div>
            <dt>Wrong passcodes</dt>
            <dd>{link.passcodeRefusals}</dd>
          </div>
        ) : null}
        <div>
          <dt>Enquiries</dt>
          <dd>
            {link.enquiryIds.length === 0
              ? "None"
              : link.enquiryIds.map((id, index) => (
                  <Link key={id} to={`/admin/enquiries/${id}`} aria-label={`Enquiry ${id} from this link`}>
                    {index === 0 ? `${link.enquiryIds.length}: ` : ""}#{id}
                  </Link>
                ))}
          </dd>
        </div>
      </dl>
      {opened.length > 0 ? (
        <table className={styles.workFigures} aria-label={`Works opened through link (${name})`}>
          <thead>
            <tr>
              <th scope="col">Work</th>
              <th scope="col">Opened in full</th>
              <th scope="col">Zoomed</th>
            </tr>
          </thead>
          <tbody>
            {opened.map((work) => (
              <tr key={work.slug}>
                <td>{work.title}</td>
                <td>{work.opened}</td>
                <td>{work.zoomed}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}

      {link.state !== "revoked" ? (
        <div className={styles.linkActions}>
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="renew-link" />
            <input type="hidden" name="linkId" value={link.id} />
            <button type="submit" className="button button-ghost" aria-label={`Renew link (${name})`}>
              Renew
            </button>
          </fetcher.Form>
          <fetcher.Form
            method="post"
            onSubmit={(event) => {
              if (!window.confirm(`Revoke the link for ${name}? It stops opening the room at once.`)) {
                event.preventDefault();
              }
            }}
          >
            <input type="hidden" name="intent" value="revoke-link" />
            <input type="hidden" name="linkId" value={link.id} />
            <button
              type="submit"
              className={`button button-ghost ${enquiryStyles.danger}`}
              aria-label={`Revoke link (${name})`}
            >
              Revoke
            </button>
          </fetcher.Form>
        </div>
      ) : null}
    </li>
  );
}
