import { useEffect, useId, useRef, useState } from "react";
import { NavLink, useLocation } from "react-router";
import { exhibitions } from "~/content/exhibitions";
import { BarsIcon, ChevronDownIcon, CloseIcon } from "./icons";
import styles from "./site-header.module.css";
import { SiteLogo } from "./site-logo";

export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const burgerRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  // Any navigation (link in the overlay, Back button) closes the overlay.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on location change by design
  useEffect(() => setMenuOpen(false), [location.key]);

  useEffect(() => {
    if (!menuOpen) return;
    document.body.classList.add("scroll-locked");
    // Keyboard and screen-reader users stay in the overlay: what is behind it is inert.
    const behind = document.querySelectorAll<HTMLElement>("body > main, #main, body > footer, footer");
    for (const element of behind) element.inert = true;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setMenuOpen(false);
        burgerRef.current?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.body.classList.remove("scroll-locked");
      for (const element of behind) element.inert = false;
      document.removeEventListener("keydown", onKey);
    };
  }, [menuOpen]);

  // The overlay sits outside <header>: the header's backdrop-filter would otherwise become the
  // containing block of the overlay's position: fixed and clip it to 90px.
  return (
    <>
      <header className={styles.header}>
        <div className={styles.inner}>
          <SiteLogo className={`${styles.logo} ${menuOpen ? styles.logoHidden : ""}`} />
          <nav className={styles.nav} aria-label="Main">
            <NavLink to="/about" className={styles.navLink}>
              About
            </NavLink>
            <NavLink to="/art" className={styles.navLink}>
              Artworks
            </NavLink>
            <ExhibitionsDropdown />
            <NavLink to="/cv" className={styles.navLink}>
              CV
            </NavLink>
          </nav>
          <button
            ref={burgerRef}
            type="button"
            className={styles.burger}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? "Close menu" : "Open menu"}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <CloseIcon /> : <BarsIcon />}
          </button>
        </div>
      </header>
      <MobileMenu open={menuOpen} onNavigate={() => setMenuOpen(false)} />
    </>
  );
}

function ExhibitionsDropdown() {
  const [open, setOpen] = useState(false);
  const [enhanced, setEnhanced] = useState(false);
  const menuId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const refocusing = useRef(false);

  // Until hydration, CSS opens the menu on hover and focus; after it, this state does.
  useEffect(() => setEnhanced(true), []);

  const classes = [styles.dropdown, enhanced ? styles.dropdownEnhanced : "", open ? styles.dropdownOpen : ""];
  return (
    // The container only widens the hover and focus area; the button is the control.
    // biome-ignore lint/a11y/noStaticElementInteractions: hover/focus bookkeeping, not an interaction
    <div
      ref={containerRef}
      className={classes.join(" ")}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onFocus={() => {
        if (refocusing.current) refocusing.current = false;
        else setOpen(true);
      }}
      onBlur={(event) => {
        if (!containerRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) {
          setOpen(false);
          if (document.activeElement !== buttonRef.current) {
            refocusing.current = true;
            buttonRef.current?.focus();
          }
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={styles.dropdownLabel}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        Exhibitions <ChevronDownIcon size={16} />
      </button>
      <ul id={menuId} className={styles.dropdownMenu}>
        {exhibitions.map((exhibition) => (
          <li key={exhibition.slug}>
            <NavLink to={exhibition.path} onClick={() => setOpen(false)}>
              {exhibition.navLabel}
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

function MobileMenu({ open, onNavigate }: { open: boolean; onNavigate: () => void }) {
  return (
    <div
      id="mobile-menu"
      className={`${styles.overlay} ${open ? styles.overlayOpen : ""}`}
      role="dialog"
      aria-modal="true"
      aria-label="Site menu"
      inert={!open}
    >
      <SiteLogo onClick={onNavigate} />
      <nav className={styles.overlayNav} aria-label="Mobile">
        <NavLink to="/about" onClick={onNavigate}>
          About
        </NavLink>
        <NavLink to="/art" onClick={onNavigate}>
          Art
        </NavLink>
        <span className={styles.overlayLabel}>Exhibitions</span>
        <NavLink to="/cv" onClick={onNavigate}>
          CV
        </NavLink>
      </nav>
    </div>
  );
}
