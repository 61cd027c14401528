// Enhances the enquiry forms of a page (enquiry-form.tsx, decision 032), including pages that
// ship no framework JavaScript: the "Enquire" button opens the form in place and fetches a form
// token (prerendered pages are the same for everyone, so they carry none), and the form is sent
// with fetch to /api/enquiries: errors appear beside their fields and as links in the form's
// error summary, the confirmation in a polite live region. Without JavaScript the button leads
// to /enquire and the form posts there. The markup is the form kit's (components/forms): each
// field's error slot has data-error-for, the summary data-form-error.
//
// A classic script: its parts are named functions in one block rather than one long function;
// as block-scoped constants they stay out of the page's global scope.

// Once per page, however many times the file is asked for.
if (!window.umbraEnquiry) {
  window.umbraEnquiry = true;

  // Tokens fetched here are kept by the script, not in the form's hidden field: on Contact, React
  // hydrates the form later and may reset a field's value to what the server rendered.
  const tokens = new WeakMap();
  const tokenArrivedAt = new WeakMap();
  const pending = new WeakMap();
  // The server refuses a form sent less than 3 s after its token was made (form-token.server.ts),
  // which stops bots, not people. A token this script fetched late (the file arrived after the
  // visitor had started typing) is waited out before sending, never shown as "too fast".
  const TOKEN_MIN_AGE_MS = 3_000 + 250;

  /** @param {HTMLFormElement} form */
  const fetchToken = (form) => {
    return (
      fetch("/api/enquiries", { headers: { Accept: "application/json" } })
        .then((response) => (response.ok ? response.json() : {}))
        .then((answer) => {
          if (answer.token) {
            tokens.set(form, answer.token);
            tokenArrivedAt.set(form, Date.now());
          }
        })
        // The form still posts to /enquire, which asks to send again with a fresh token.
        .catch(() => {})
        .finally(() => pending.delete(form))
    );
  };

  /** @param {HTMLFormElement} form */
  const ensureToken = (form) => {
    const input = form.elements.namedItem("token");
    if (tokens.has(form) || (input instanceof HTMLInputElement && input.defaultValue)) return Promise.resolve();
    if (!pending.has(form)) pending.set(form, fetchToken(form));
    return pending.get(form);
  };

  const openForm = (link) => {
    const root = link.closest("[data-enquiry]");
    const form = root?.querySelector("[data-enquiry-form]");
    if (!(form instanceof HTMLFormElement)) return false;
    form.hidden = false;
    link.hidden = true;
    ensureToken(form);
    form.querySelector("input:not([type=hidden]):not([tabindex='-1']), textarea")?.focus();
    return true;
  };

  /** The summary above the fields: the form's message, or a link to each field with a problem. */
  const fillSummary = (summary, problems, message) => {
    summary.textContent = problems.length ? "" : message;
    if (!problems.length) return;
    const list = document.createElement("ul");
    for (const problem of problems) {
      const link = document.createElement("a");
      link.href = `#${problem.id}`;
      link.textContent = problem.text;
      list.append(document.createElement("li"));
      list.lastElementChild.append(link);
    }
    summary.append(list);
  };

  /** Each field's error in its slot, aria-invalid while it has one; focus to the first. */
  const showErrors = (form, fieldErrors, message) => {
    let first = null;
    const problems = [];
    for (const slot of form.querySelectorAll("[data-error-for]")) {
      const name = slot.getAttribute("data-error-for");
      const text = fieldErrors[name] ?? "";
      slot.textContent = text;
      const control = name === "interests" ? form.querySelector("fieldset") : form.elements.namedItem(name);
      if (control instanceof Element) {
        if (text) control.setAttribute("aria-invalid", "true");
        else control.removeAttribute("aria-invalid");
        if (text) problems.push({ id: control.id, text });
        if (text && !first) first = name === "interests" ? control.querySelector("input") : control;
      }
    }
    const summary = form.querySelector("[data-form-error]");
    if (summary) fillSummary(summary, problems, message);
    (first ?? summary)?.focus();
  };

  /** Stored: the form gives way to the confirmation, which takes focus. */
  const showConfirmation = (form, answer) => {
    const root = form.closest("[data-enquiry]");
    const status = root?.querySelector("[data-enquiry-status]");
    form.hidden = true;
    if (!status) return;
    status.textContent = root?.getAttribute("data-confirmation") || answer.message || "";
    // The form is gone: keyboard and screen-reader users continue from the confirmation.
    status.tabIndex = -1;
    status.focus();
  };

  /** @param {HTMLFormElement} form */
  const send = async (form) => {
    await ensureToken(form);
    const tokenAge = Date.now() - (tokenArrivedAt.get(form) ?? 0);
    if (tokenAge < TOKEN_MIN_AGE_MS) await new Promise((resolve) => setTimeout(resolve, TOKEN_MIN_AGE_MS - tokenAge));
    const fields = new FormData(form);
    if (tokens.has(form)) fields.set("token", tokens.get(form));
    // A viewing room's form goes to the room's own address, which stores the room with it.
    const response = await fetch(form.getAttribute("data-enquiry-api") || "/api/enquiries", {
      method: "POST",
      headers: { Accept: "application/json" },
      body: new URLSearchParams(fields),
    });
    const answer = await response.json().catch(() => ({}));
    if (response.ok) showConfirmation(form, answer);
    else showErrors(form, answer.fieldErrors ?? {}, answer.message || "The enquiry could not be sent. Try again.");
  };

  const onSubmit = async (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute("data-enquiry-form")) return;
    event.preventDefault();
    const button = form.querySelector("button[type=submit]");
    if (button) button.disabled = true;
    try {
      await send(form);
    } catch {
      // The network failed: send it the way it works without JavaScript.
      const input = form.elements.namedItem("token");
      if (input instanceof HTMLInputElement && tokens.has(form)) input.value = tokens.get(form);
      form.submit();
    } finally {
      if (button) button.disabled = false;
    }
  };

  document.addEventListener("click", (event) => {
    const link = event.target instanceof Element ? event.target.closest("[data-enquiry-open]") : null;
    if (link && openForm(link)) event.preventDefault();
  });

  // A form shown open (Contact) gets its token as soon as someone starts on it.
  document.addEventListener("focusin", (event) => {
    const form = event.target instanceof Element ? event.target.closest("[data-enquiry-form]") : null;
    if (form instanceof HTMLFormElement) ensureToken(form);
  });

  document.addEventListener("submit", onSubmit);

  // An "Enquire" tapped before this file had run (kept by EnquiryScript's inline lines).
  // Other scripts' kept clicks (the header's burger) stay theirs.
  const kept = window.__earlyClicks ?? [];
  for (const link of kept.filter((element) => element.matches("[data-enquiry-open]"))) {
    kept.splice(kept.indexOf(link), 1);
    openForm(link);
  }

  // A visitor who started on a form before this file arrived: its token is fetched now.
  const started = document.activeElement?.closest?.("[data-enquiry-form]");
  if (started instanceof HTMLFormElement) ensureToken(started);
}
