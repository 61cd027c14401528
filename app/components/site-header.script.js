// Drives the site header on every page, including pages that ship no framework JavaScript
// (see page-scripts.tsx), so React never owns this state: the burger's full-screen menu on
// phones and the Exhibitions dropdown on desktop. The markup comes from site-header.tsx; state
// lives in data attributes that site-header.module.css styles. With JavaScript off, CSS alone
// opens both (a :target overlay, and :hover / :focus-within).
// A block of named functions rather than one function, so that none runs past 100 lines (issue
// 38's size rule); a block keeps its names out of the page's global scope as a function would.
{
  const root = document.documentElement;
  const burger = document.querySelector("[data-menu-toggle]");
  const overlay = document.getElementById("mobile-menu");
  const dropdown = document.querySelector("[data-dropdown]");
  const dropdownButton = dropdown?.querySelector("button");
  const menuIsOpen = () => root.dataset.menu === "open";

  const setMenu = (open) => {
    if (!burger || !overlay) return;
    if (open) root.dataset.menu = "open";
    else delete root.dataset.menu;
    burger.setAttribute("aria-expanded", String(open));
    burger.setAttribute("aria-label", open ? "Close menu" : "Open menu");
    overlay.inert = !open;
    // Keyboard and screen-reader users stay in the menu: what is behind it is inert.
    for (const behind of document.querySelectorAll("#main, body > footer")) behind.inert = open;
  };

  /** The burger's menu: open and closed by the burger, closed by a link in it, Back, or a page restored. */
  const startMenu = () => {
    // The markup leaves the closed overlay focusable only through CSS (visibility), so that it
    // still opens as a :target with JavaScript off; from here on it is inert while closed.
    // This script arrives after the first paint: a tap before then opened the overlay as a :target,
    // which stays usable until its close link (#main) ends the :target.
    const closedByCss = () => !menuIsOpen() && !overlay?.matches(":target");
    if (overlay) overlay.inert = closedByCss();
    addEventListener("hashchange", () => {
      if (overlay) overlay.inert = closedByCss();
    });
    burger?.addEventListener("click", () => setMenu(!menuIsOpen()));
    // A link in the menu (or Back, or a page restored from the back/forward cache) closes it.
    overlay?.addEventListener("click", (event) => {
      if (event.target instanceof Element && event.target.closest("a")) setMenu(false);
    });
    addEventListener("popstate", () => setMenu(false));
    addEventListener("pageshow", () => setMenu(false));
  };

  // The dropdown is closed, "hover" (open while a mouse is over it), "focus" (open while the
  // keyboard is in it) or "pinned" (opened by a click or tap: stays open until a second click,
  // Escape, or a click or tap outside). Touch never counts as hover, so one tap opens it.
  let dropdownState = "closed";
  let pointerPressed = false;
  let refocusing = false;
  const setDropdown = (state) => {
    if (!dropdown || !dropdownButton) return;
    dropdownState = state;
    const open = state !== "closed";
    dropdown.dataset.open = String(open);
    dropdownButton.setAttribute("aria-expanded", String(open));
  };

  /** The Exhibitions dropdown's states, from hover, focus, clicks and taps (see above). */
  const startDropdown = () => {
    // From here on the dropdown follows this state rather than CSS :hover and :focus-within.
    dropdown.dataset.enhanced = "";
    // This file arrives after the first paint: a menu the visitor opened before then (CSS's
    // :focus-within after a click or Tab, or :hover) stays open, now in this state.
    if (dropdown.contains(document.activeElement)) setDropdown("focus");
    else if (dropdown.matches(":hover")) setDropdown("hover");
    dropdown.addEventListener("pointerenter", (event) => {
      if (event.pointerType === "mouse" && dropdownState === "closed") setDropdown("hover");
    });
    dropdown.addEventListener("pointerleave", (event) => {
      if (event.pointerType === "mouse" && dropdownState === "hover") setDropdown("closed");
    });
    // A press focuses the button before its click: that focus is not the keyboard's.
    dropdown.addEventListener("pointerdown", () => {
      pointerPressed = true;
    });
    dropdown.addEventListener("focusin", () => {
      if (refocusing) refocusing = false;
      else if (!pointerPressed && dropdownState === "closed") setDropdown("focus");
    });
    // Focus moving on elsewhere (Tab) closes it however it opened; focus merely lost (a press on
    // the page, handled below) closes only what focus opened.
    dropdown.addEventListener("focusout", (event) => {
      if (dropdown.contains(event.relatedTarget)) return;
      if (event.relatedTarget || dropdownState === "focus") setDropdown("closed");
    });
    dropdown.addEventListener("click", (event) => {
      pointerPressed = false;
      if (!(event.target instanceof Element)) return;
      if (event.target.closest("a")) setDropdown("closed");
      // Hover only opens, so a click on a menu the mouse opened keeps it open; otherwise it toggles.
      else if (event.target.closest("button"))
        setDropdown(dropdownState === "closed" || dropdownState === "hover" ? "pinned" : "closed");
    });
    // A press anywhere else closes it (pointerdown, since iOS sends no click for a tap on text).
    document.addEventListener("pointerdown", (event) => {
      if (dropdownState !== "closed" && !(event.target instanceof Node && dropdown.contains(event.target)))
        setDropdown("closed");
    });
  };

  /** Escape closes the open menu (focus back to the burger) or the open dropdown. */
  const onKeydown = (event) => {
    pointerPressed = false;
    if (event.key !== "Escape") return;
    if (menuIsOpen()) {
      setMenu(false);
      burger?.focus();
    } else if (dropdown && dropdownState !== "closed") {
      setDropdown("closed");
      if (dropdown.contains(document.activeElement) && document.activeElement !== dropdownButton) {
        refocusing = true;
        dropdownButton?.focus();
      }
    }
  };

  startMenu();
  if (dropdown && dropdownButton) startDropdown();
  document.addEventListener("keydown", onKeydown);

  // A tap on the burger before this file had run (kept by the page's inline lines,
  // after-first-paint-script.tsx) opens the menu now; other scripts' kept clicks stay theirs.
  window.umbraHeader = true;
  const kept = window.__earlyClicks ?? [];
  for (const target of kept.filter((element) => element.matches("[data-menu-toggle]"))) {
    kept.splice(kept.indexOf(target), 1);
    setMenu(!menuIsOpen());
  }
}
