import { Link } from "react-router";
import { formatWhen } from "#app/enquiries/enquiry-words.ts";
import styles from "./link-figures.module.css";
import type { RoomLinkView } from "./room-links.tsx";

/** What happened through a link: when it was made and opened, visits, enquiries, and the works opened. */
export function LinkFigures({ link, name }: { link: RoomLinkView; name: string }) {
  const opened = link.works.filter((work) => work.opened > 0 || work.zoomed > 0);
  return (
    <>
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
    </>
  );
}
