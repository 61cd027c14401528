import { Form, Link } from "react-router";
import styles from "#app/admin/content/content-trash.module.css";
import studio from "#app/admin/studio.module.css";
import { formatWhen } from "#app/enquiries/enquiry-words.ts";
import { authorName } from "./author-name.ts";

/** A document in the Trash, as the Trash and its old editor address show it. */
export interface TrashedItem {
  path: string;
  title: string;
  kind: string;
  deletedAt: Date;
  deletedBy: string;
  expiresAt: Date;
  daysLeft: number;
}

/** Restore: the document back on the site with its whole history (posted to the Trash's address). */
export function RestoreButton({ item }: { item: TrashedItem }) {
  return (
    <Form method="post" action="/admin/content/trash">
      <input type="hidden" name="path" value={item.path} />
      <button type="submit" name="intent" value="restore" className="button" aria-label={`Restore “${item.title}”`}>
        Restore
      </button>
    </Form>
  );
}

export function deletedLine(item: TrashedItem): string {
  const days = item.daysLeft === 1 ? "1 day" : `${item.daysLeft} days`;
  return `Deleted by ${authorName(item.deletedBy)}, ${formatWhen(item.deletedAt)}. ${days} left to restore it.`;
}

/** The editor's address of a deleted document: it says where the document went, with Restore. */
export function TrashedDocument({ item }: { item: TrashedItem }) {
  return (
    <>
      <header className={studio.head}>
        <div>
          <p className="eyebrow">
            <Link to="/admin/content">Content</Link> · <Link to="/admin/content/trash">Trash</Link>
          </p>
          <h1>{item.title}</h1>
          <p className={studio.account}>{item.kind}, in the Trash.</p>
        </div>
      </header>
      <section className={styles.question} aria-labelledby="trashed-heading">
        <h2 id="trashed-heading">This {item.kind.toLowerCase()} is in the Trash</h2>
        <p>
          It is on no page of the site. Deleted by {authorName(item.deletedBy)}, {formatWhen(item.deletedAt)}. Restore
          puts it back as it was when deleted, with its whole history; it can be restored until{" "}
          {formatWhen(item.expiresAt)}.
        </p>
        <div className={styles.choices}>
          <RestoreButton item={item} />
          <Link to="/admin/content/trash" className="button button-ghost">
            Open the Trash
          </Link>
        </div>
      </section>
    </>
  );
}
