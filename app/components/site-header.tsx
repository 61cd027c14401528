import { NavLink } from "react-router";
import type { SiteShell } from "#app/content/site-shell.ts";
import { BarsIcon, ChevronDownIcon, CloseIcon } from "./icons.tsx";
import styles from "./site-header.module.css";
import { SiteLogo } from "./site-logo.tsx";

/**
 * The fixed header: logo, desktop nav with the Exhibitions dropdown, and the burger with its
 * full-screen menu on phones. Markup only: site-header.script.js drives the menu and the
 * dropdown on every page, with or without React (decision 011), through data attributes.
 * suppressHydrationWarning marks the attributes that script may have changed before hydration.
 */
export function SiteHeader({ shell }: { shell: SiteShell }) {
  const labels = shell.navigation.header;
  // The menu sits outside <header>: the header's backdrop-filter would otherwise become the
  // containing block of the menu's position: fixed and clip it to 90px.
  return (
    <>
      <header className={styles.header}>
        <div className={styles.inner}>
          <SiteLogo shell={shell} placement="header" className={styles.logo} />
          <nav className={styles.nav} aria-label="Main">
            <NavLink to="/about" className={styles.navLink}>
              {labels.about}
            </NavLink>
            <NavLink to="/art" className={styles.navLink}>
              {labels.artworks}
            </NavLink>
            <ExhibitionsDropdown label={labels.exhibitions} exhibitions={shell.exhibitions} />
            <NavLink to="/cv" className={styles.navLink}>
              {labels.cv}
            </NavLink>
          </nav>
          {/* With JavaScript off (CSS "scripting: none") these links open and close the menu as
              a :target overlay in place of the button. */}
          <a href="#mobile-menu" className={`${styles.burger} ${styles.burgerOpenLink}`} aria-label="Open menu">
            <BarsIcon />
          </a>
          <a href="#main" className={`${styles.burger} ${styles.burgerCloseLink}`} aria-label="Close menu">
            <CloseIcon />
          </a>
          <button
            type="button"
            className={`${styles.burger} ${styles.burgerButton}`}
            data-menu-toggle=""
            aria-expanded={false}
            aria-controls="mobile-menu"
            aria-label="Open menu"
            suppressHydrationWarning
          >
            <span className={styles.iconOpen}>
              <BarsIcon />
            </span>
            <span className={styles.iconClose}>
              <CloseIcon />
            </span>
          </button>
        </div>
      </header>
      <MobileMenu shell={shell} />
    </>
  );
}

const dropdownMenuId = "exhibitions-menu";

function ExhibitionsDropdown({ label, exhibitions }: { label: string; exhibitions: SiteShell["exhibitions"] }) {
  // Before the script runs (and with JavaScript off) CSS opens the menu on hover and focus; the
  // script then opens it on hover, keyboard focus, a click or a tap (site-header.script.js).
  return (
    <div className={styles.dropdown} data-dropdown="" suppressHydrationWarning>
      <button
        type="button"
        className={styles.dropdownLabel}
        aria-expanded={false}
        aria-controls={dropdownMenuId}
        suppressHydrationWarning
      >
        {label} <ChevronDownIcon size={16} />
      </button>
      <ul id={dropdownMenuId} className={styles.dropdownMenu}>
        {exhibitions.map((exhibition) => (
          <li key={exhibition.slug}>
            <NavLink to={exhibition.path}>{exhibition.navLabel}</NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

function MobileMenu({ shell }: { shell: SiteShell }) {
  const labels = shell.navigation.mobileMenu;
  return (
    <div
      id="mobile-menu"
      className={styles.overlay}
      role="dialog"
      aria-modal="true"
      aria-label="Site menu"
      suppressHydrationWarning
    >
      <SiteLogo shell={shell} placement="menu" />
      <nav className={styles.overlayNav} aria-label="Mobile">
        <NavLink to="/about">{labels.about}</NavLink>
        <NavLink to="/art">{labels.artworks}</NavLink>
        <span className={styles.overlayLabel}>{labels.exhibitions}</span>
        <NavLink to="/cv">{labels.cv}</NavLink>
      </nav>
    </div>
  );
}
