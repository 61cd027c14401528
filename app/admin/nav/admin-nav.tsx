import { type KeyboardEvent, type MouseEvent, type ReactNode, useRef } from "react";
import { NavLink, useLocation } from "react-router";
import { BarsIcon } from "#app/components/icons.tsx";
import { useUnreadEnquiries } from "./admin-events.ts";
import styles from "./admin-nav.module.css";

const links = [
  { to: "/admin/enquiries", label: "Enquiries" },
  { to: "/admin/viewing-rooms", label: "Viewing rooms" },
  { to: "/admin/editions", label: "Editions" },
  { to: "/admin/subscribers", label: "Subscribers" },
  { to: "/admin/mailings", label: "Mailings" },
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
 *
 * Wide screens show the screens as a row of tabs; narrow ones a "Menu" that opens the same list
 * below it. The menu is a <details>, so it opens before the page's script has loaded and without
 * JavaScript; CSS shows one of the two, never both.
 */
export function AdminNav({ unreadEnquiries }: { unreadEnquiries?: number | null }) {
  const unread = useUnreadEnquiries(unreadEnquiries ?? undefined);
  const count = unread !== undefined && unread > 0 ? unread : undefined;
  const { pathname } = useLocation();
  const current = links.find((link) => pathname === link.to || pathname.startsWith(`${link.to}/`));
  const menu = useRef<HTMLDetailsElement>(null);
  // The shell keeps the navigation as the admin moves between screens: a screen chosen closes the menu.
  const closeOnChoice = (event: MouseEvent) => {
    if (menu.current && event.target instanceof Element && event.target.closest("a")) menu.current.open = false;
  };
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== "Escape" || !menu.current?.open) return;
    menu.current.open = false;
    menu.current.querySelector("summary")?.focus();
  };
  return (
    <nav aria-label="Admin" className={styles.nav}>
      <ScreenList className={styles.links} unread={count} />
      <details ref={menu} className={styles.menu} onClick={closeOnChoice} onKeyDown={closeOnEscape}>
        <summary className={styles.menuButton}>
          <BarsIcon size={20} />
          <span>Menu</span>
          {current ? <span className={styles.menuCurrent}>{current.label}</span> : null}
          {count !== undefined ? <UnreadBadge unread={count} words=" unread enquiries" /> : null}
        </summary>
        <ScreenList className={styles.menuLinks} unread={count} />
      </details>
    </nav>
  );
}

function ScreenList({ className, unread }: { className?: string; unread?: number }): ReactNode {
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} className={styles.link} prefetch="none">
            {link.label}
            {link.to === "/admin/enquiries" && unread !== undefined ? <UnreadBadge unread={unread} /> : null}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

function UnreadBadge({ unread, words = " unread" }: { unread: number; words?: string }) {
  return (
    <span className={styles.badge}>
      {unread}
      <span className="visually-hidden">{words}</span>
    </span>
  );
}
