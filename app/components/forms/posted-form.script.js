// The public forms' one script (the enquiry form, decision 032; the subscribe form, issue 41),
// for pages that ship no framework JavaScript too. A posted form gets a form token once someone
// starts on it (prerendered pages are the same for everyone, so they carry none) and is sent
// with fetch: a refusal appears in the form's error summary and beside its fields, focused; the
// answer replaces the form in a polite live region that takes focus. Without JavaScript each
// form posts to its page (/enquire, /subscribe), which answers with a page. The enquiry form's
// "Enquire" button also opens it in place here. Each form's own ways are in `kinds` below.
//
// The markup is the form kit's (components/forms): each field's error slot has data-error-for,
// the summary data-form-error. A classic script: its parts are named functions in one block
// rather than one long function; as block-scoped constants they stay out of the global scope.

// Once per page, however many times the file is asked for.
if (!window.umbraPostedForms) {
  window.umbraPostedForms = true;

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

  /** The enquiry's refusal: each field's error in its slot, aria-invalid while it has one; focus to the first. */
  const showFieldErrors = (form, answer) => {
    const fieldErrors = answer.fieldErrors ?? {};
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
    if (summary) fillSummary(summary, problems, answer.message || "The enquiry could not be sent. Try again.");
    (first ?? summary)?.focus();
  };

  /** The subscribe form's refusal: the message in the summary, the address's problem beside it. */
  const showAddressError = (form, answer) => {
    const slot = form.querySelector("[data-error-for]");
    const input = form.elements.namedItem("email");
    if (slot) slot.textContent = answer.fieldError || "";
    if (input instanceof HTMLInputElement) {
      if (answer.fieldError) input.setAttribute("aria-invalid", "true");
      else input.removeAttribute("aria-invalid");
    }
    const summary = form.querySelector("[data-form-error]");
    if (summary) {
      summary.textContent = answer.message || "The form could not be sent. Try again.";
      summary.setAttribute("role", "alert");
    }
    (answer.fieldError && input instanceof HTMLInputElement ? input : summary)?.focus();
  };

  /**
   * Each kind of form: its markup (the form, the element around it, the live region), where it
   * gets a token and where it is sent, and how a refusal shows.
   */
  const kinds = [
    {
      form: "[data-enquiry-form]",
      root: "[data-enquiry]",
      status: "[data-enquiry-status]",
      tokenFrom: "/api/enquiries",
      // A viewing room's form goes to the room's own address, which stores the room with it.
      sendTo: (form) => form.getAttribute("data-enquiry-api") || "/api/enquiries",
      refused: showFieldErrors,
    },
    {
      form: "[data-subscribe-form]",
      root: "[data-subscribe]",
      status: "[data-subscribe-status]",
      tokenFrom: "/api/subscriptions",
      sendTo: () => "/api/subscriptions",
      refused: showAddressError,
    },
  ];
  const anyForm = kinds.map((kind) => kind.form).join(", ");
  const kindOf = (form) => kinds.find((kind) => form.matches(kind.form));

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
      fetch(kindOf(form).tokenFrom, { headers: { Accept: "application/json" } })
        .then((response) => (response.ok ? response.json() : {}))
        .then((answer) => {
          if (answer.token) {
            tokens.set(form, answer.token);
            tokenArrivedAt.set(form, Date.now());
          }
        })
        // The form still posts to its page, which asks to send again with a fresh token.
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

  /** Sent: the form gives way to the answer (an enquiry's own confirmation), which takes focus. */
  const showSent = (form, kind, answer) => {
    const root = form.closest(kind.root);
    const status = root?.querySelector(kind.status);
    form.hidden = true;
    if (!status) return;
    status.textContent = root?.getAttribute("data-confirmation") || answer.message || "";
    // The form is gone: keyboard and screen-reader users continue from the answer.
    status.tabIndex = -1;
    status.focus();
  };

  /** @param {HTMLFormElement} form */
  const send = async (form, kind) => {
    await ensureToken(form);
    const tokenAge = Date.now() - (tokenArrivedAt.get(form) ?? 0);
    if (tokenAge < TOKEN_MIN_AGE_MS) await new Promise((resolve) => setTimeout(resolve, TOKEN_MIN_AGE_MS - tokenAge));
    const fields = new FormData(form);
    if (tokens.has(form)) fields.set("token", tokens.get(form));
    const response = await fetch(kind.sendTo(form), {
      method: "POST",
      headers: { Accept: "application/json" },
      body: new URLSearchParams(fields),
    });
    const answer = await response.json().catch(() => ({}));
    if (response.ok) showSent(form, kind, answer);
    else kind.refused(form, answer);
  };

  const onSubmit = async (event) => {
    const form = event.target;
    const kind = form instanceof HTMLFormElement ? kindOf(form) : undefined;
    if (!kind) return;
    event.preventDefault();
    const button = form.querySelector("button[type=submit]");
    if (button) button.disabled = true;
    try {
      await send(form, kind);
    } catch {
      // The network failed: send it the way it works without JavaScript.
      const input = form.elements.namedItem("token");
      if (input instanceof HTMLInputElement && tokens.has(form)) input.value = tokens.get(form);
      form.submit();
    } finally {
      if (button) button.disabled = false;
    }
  };

  /** An enquiry form that starts closed: its "Enquire" button opens it in place. */
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

  document.addEventListener("click", (event) => {
    const link = event.target instanceof Element ? event.target.closest("[data-enquiry-open]") : null;
    if (link && openForm(link)) event.preventDefault();
  });

  // A form shown open gets its token as soon as someone starts on it.
  document.addEventListener("focusin", (event) => {
    const form = event.target instanceof Element ? event.target.closest(anyForm) : null;
    if (form instanceof HTMLFormElement) ensureToken(form);
  });

  document.addEventListener("submit", onSubmit);

  // An "Enquire" tapped before this file had run (kept by PostedFormScript's inline lines).
  // Other scripts' kept clicks (the header's burger) stay theirs.
  const kept = window.__earlyClicks ?? [];
  for (const link of kept.filter((element) => element.matches("[data-enquiry-open]"))) {
    kept.splice(kept.indexOf(link), 1);
    openForm(link);
  }

  // A visitor who started on a form before this file arrived: its token is fetched now.
  const started = document.activeElement?.closest?.(anyForm);
  if (started instanceof HTMLFormElement) ensureToken(started);
}
