import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import styles from "#app/admin/enquiries/enquiries.module.css";
import studio from "#app/admin/studio.module.css";

/** The list a forget page belongs to: its address and the words of the ways back to it. */
export interface ForgetList {
  href: string;
  /** The link above the page, "← All enquiries". */
  all: string;
  /** The button once the address is forgotten, "Back to Enquiries". */
  back: string;
}

/**
 * A "forget this address" page (the inbox's, the subscribers'): the way back to its list, the
 * heading, what forgetting deletes (`intro`), then, once an address is forgotten, what was
 * (`done`, one sentence, and the way back); until then the page's step (`children`: the
 * confirmation, the address to look up).
 */
export function ForgetPage({
  list,
  heading,
  intro,
  done,
  children,
}: {
  list: ForgetList;
  heading: string;
  intro: ReactNode;
  done: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <p className={studio.back}>
        <Link to={list.href} className={studio.textLink}>
          {list.all}
        </Link>
      </p>
      <section className={styles.forget} aria-labelledby="forget-heading">
        <p className="eyebrow">Privacy</p>
        <h1 id="forget-heading">{heading}</h1>
        <p className={studio.account}>{intro}</p>
        {done ? <ForgetDone list={list}>{done}</ForgetDone> : children}
      </section>
    </>
  );
}

/** What was forgotten (`children`, one sentence), and the way back to the list. */
function ForgetDone({ list, children }: { list: ForgetList; children: ReactNode }) {
  return (
    <div className={styles.doneBox} role="status">
      <h2 className={studio.sectionTitle}>Forgotten</h2>
      <p>{children}</p>
      <Link to={list.href} className="button">
        {list.back}
      </Link>
    </div>
  );
}

/**
 * What forgetting `address` would delete (`children`), the button that does it (posts the intent
 * "forget"; none when `button` is null: nothing to delete) and Cancel, back to the list.
 */
export function ForgetConfirm({
  list,
  address,
  button,
  children,
}: {
  list: ForgetList;
  address: string;
  button: string | null;
  children: ReactNode;
}) {
  return (
    <div className={styles.confirmBox}>
      <h2 className={studio.sectionTitle}>Confirm</h2>
      {children}
      <div className={styles.dangerRow}>
        {button ? (
          <Form method="post">
            <input type="hidden" name="intent" value="forget" />
            <input type="hidden" name="email" value={address} />
            <button type="submit" className={`button ${styles.dangerSolid}`}>
              {button}
            </button>
          </Form>
        ) : null}
        <Link to={list.href} className={studio.textLink}>
          Cancel
        </Link>
      </div>
    </div>
  );
}

/** The address to look up: the page shows what forgetting it would delete (a GET, so it can be linked to). */
export function ForgetAddressForm({ defaultValue }: { defaultValue?: string }) {
  return (
    <Form method="get" className={styles.forgetForm}>
      <label className={`${studio.field} ${styles.forgetField}`}>
        <span>Email address</span>
        <input type="email" name="email" defaultValue={defaultValue} required maxLength={320} />
      </label>
      <button type="submit" className="button button-ghost">
        Show What Would Be Deleted
      </button>
    </Form>
  );
}
