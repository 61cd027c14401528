import { useEffect, useId, useState } from "react";
import type { useFetcher } from "react-router";
import studio from "#app/admin/studio.module.css";
import { formatWhen } from "#app/enquiries/enquiry-words.ts";
import styles from "./link-card.module.css";
import { LinkFigures } from "./link-figures.tsx";
import type { LinkAnswerData, RoomLinkView } from "./room-links.tsx";
import { linkStateLabels } from "./room-words.ts";

type LinkFetcher = ReturnType<typeof useFetcher<LinkAnswerData>>;

/** One link's card: whom it is for and its state, its address to copy, its figures and its actions. */
export function LinkCard({
  link,
  fresh,
  replacement,
  fetcher,
}: {
  link: RoomLinkView;
  fresh: boolean;
  replacement?: RoomLinkView;
  fetcher: LinkFetcher;
}) {
  const ids = useId();
  const name = link.note || `Link ${link.id}`;
  return (
    <li className={styles.link} data-fresh={fresh || undefined} aria-labelledby={`${ids}-name`}>
      <div className={styles.linkHead}>
        <p id={`${ids}-name`} className={styles.linkNote}>
          {name}
        </p>
        <span className={studio.chip} data-state={link.state}>
          {linkStateLabels[link.state]}
        </span>
      </div>
      {link.state !== "revoked" ? (
        link.url ? (
          <LinkAddress url={link.url} name={name} />
        ) : (
          <p className={studio.hint}>
            This link cannot be shown again (the site’s secret changed since it was made). Renew it to get a new one.
          </p>
        )
      ) : (
        <p className={studio.hint}>
          Revoked {link.revokedAt ? formatWhen(link.revokedAt) : ""}
          {replacement
            ? `; replaced by the newer link ${replacement.note ? `“${replacement.note}” ` : ""}(${replacement.id}).`
            : "."}
        </p>
      )}

      <LinkFigures link={link} name={name} />

      {link.state !== "revoked" ? <LinkActions link={link} name={name} fetcher={fetcher} /> : null}
    </li>
  );
}

/** The link's address in a read-only field, and a button that copies it. */
function LinkAddress({ url, name }: { url: string; name: string }) {
  const [copied, setCopied] = useState(false);
  const ids = useId();
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 4000);
    return () => clearTimeout(timer);
  }, [copied]);
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      // No clipboard (an insecure origin, or refused): select the address so Ctrl/Cmd+C copies it.
      const field = document.getElementById(`${ids}-url`) as HTMLInputElement | null;
      field?.select();
    }
  }
  return (
    <div className={styles.copyRow}>
      <label htmlFor={`${ids}-url`} className="visually-hidden">
        Link ({name})
      </label>
      <input
        id={`${ids}-url`}
        className={styles.url}
        value={url}
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
  );
}

/** Renew (a new address, the old one stops) and revoke (after a confirmation). */
function LinkActions({ link, name, fetcher }: { link: RoomLinkView; name: string; fetcher: LinkFetcher }) {
  return (
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
        <button type="submit" className={`button button-ghost ${studio.danger}`} aria-label={`Revoke link (${name})`}>
          Revoke
        </button>
      </fetcher.Form>
    </div>
  );
}
