// Drives the site header on every page, including pages that ship no framework JavaScript
// (see page-scripts.tsx), so React never owns this state: the burger's full-screen menu on
// phones and the Exhibitions dropdown on desktop. The markup comes from site-header.tsx; state
// lives in data attributes that site-header.module.css styles.
(() => {
  const root = document.documentElement;
  const burger = document.querySelector("[data-menu-toggle]");
  const overlay = document.getElementById("mobile-menu");
  const dropdown = document.querySelector("[data-dropdown]");
  const dropdownButton = dropdown?.querySelector("button");
  const menuIsOpen = () => root.dataset.menu === "open";

  function setMenu(open) {
    if (!burger || !overlay) return;
    if (open) root.dataset.menu = "open";
    else delete root.dataset.menu;
    burger.setAttribute("aria-expanded", String(open));
    burger.setAttribute("aria-label", open ? "Close menu" : "Open menu");
    overlay.inert = !open;
    // Keyboard and screen-reader users stay in the menu: what is behind it is inert.
    for (const behind of document.querySelectorAll("#main, body > footer")) behind.inert = open;
  }

  let refocusing = false;
  function setDropdown(open) {
    if (!dropdown || !dropdownButton) return;
    dropdown.dataset.open = String(open);
    dropdownButton.setAttribute("aria-expanded", String(open));
  }

  burger?.addEventListener("click", () => setMenu(!menuIsOpen()));
  // A link in the menu (or Back, or a page restored from the back/forward cache) closes it.
  overlay?.addEventListener("click", (event) => {
    if (event.target instanceof Element && event.target.closest("a")) setMenu(false);
  });
  addEventListener("popstate", () => setMenu(false));
  addEventListener("pageshow", () => setMenu(false));

  if (dropdown && dropdownButton) {
    // From here on the dropdown follows this state rather than CSS :hover and :focus-within.
    dropdown.dataset.enhanced = "";
    dropdown.addEventListener("mouseenter", () => setDropdown(true));
    dropdown.addEventListener("mouseleave", () => setDropdown(false));
    dropdown.addEventListener("focusin", () => {
      if (refocusing) refocusing = false;
      else setDropdown(true);
    });
    dropdown.addEventListener("focusout", (event) => {
      if (!dropdown.contains(event.relatedTarget)) setDropdown(false);
    });
    dropdown.addEventListener("click", (event) => {
      if (!(event.target instanceof Element)) return;
      if (event.target.closest("a")) setDropdown(false);
      else if (event.target.closest("button")) setDropdown(dropdown.dataset.open !== "true");
    });
  }

  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    if (menuIsOpen()) {
      setMenu(false);
      burger?.focus();
    } else if (dropdown?.dataset.open === "true") {
      setDropdown(false);
      if (dropdown.contains(document.activeElement) && document.activeElement !== dropdownButton) {
        refocusing = true;
        dropdownButton?.focus();
      }
    }
  });
})();
