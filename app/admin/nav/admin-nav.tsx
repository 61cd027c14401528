import { NavLink } from "react-router";
import { useUnreadEnquiries } from "./admin-events.ts";
import styles from "./admin-nav.module.css";

const links = [
  { to: "/admin/enquiries", label: "Enquiries" },
  { to: "/admin/viewing-rooms", label: "Viewing rooms" },
  { to: "/admin/content", label: "Content" },
  { to: "/admin/quotes", label: "Quotes" },
  { to: "/admin/mail", label: "Outgoing Mail" },
  { to: "/admin/security", label: "Security" },
] as const;

/**
 * The navigation at the top of every admin screen, rendered once by the studio shell
 * (routes/admin.tsx) above the screen shown: the screens, the current one marked
 * (aria-current="page", by NavLink), and the unread enquiry count kept live by the enquiry
 * stream. `unreadEnquiries` is undefined when this admin may not read
 * enquiries yet (no second factor): then no count is shown and no stream is opened.
 */
export function AdminNav({ unreadEnquiries }: { unreadEnquiries?: number | null }) {
  const unread = useUnreadEnquiries(unreadEnquiries ?? undefined);
  return (
    <nav aria-label="Admin" className={styles.nav}>
      <ul className={styles.links}>
        {links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} className={styles.link} prefetch="none">
              {link.label}
              {link.to === "/admin/enquiries" && unread !== undefined && unread > 0 ? (
                <span className={styles.badge}>
                  {unread}
                  <span className="visually-hidden"> unread</span>
                </span>
              ) : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
