// Enhances the subscribe forms of a page (subscribe-form.tsx, issue 41), including pages that
// ship no framework JavaScript: a form token is fetched once someone starts on a form
// (prerendered pages carry none), and the form is sent with fetch to /api/subscriptions. The
// answer replaces the form in a polite live region that takes focus; a refusal appears in the
// form's error summary (and beside the address when it is about the address), focused. Without
// JavaScript the form posts to /subscribe, which answers with a page.

if (!window.umbraSubscribe) {
  window.umbraSubscribe = true;

  const tokens = new WeakMap();
  const arrivedAt = new WeakMap();
  const pending = new WeakMap();
  // The server refuses a form token younger than 3 s (form-token.server.ts): waited out here.
  const TOKEN_MIN_AGE_MS = 3_000 + 250;

  /** @param {HTMLFormElement} form */
  const ensureToken = (form) => {
    const input = form.elements.namedItem("token");
    if (tokens.has(form) || (input instanceof HTMLInputElement && input.defaultValue)) return Promise.resolve();
    if (!pending.has(form)) {
      const fetched = fetch("/api/subscriptions", { headers: { Accept: "application/json" } })
        .then((response) => (response.ok ? response.json() : {}))
        .then((answer) => {
          if (answer.token) {
            tokens.set(form, answer.token);
            arrivedAt.set(form, Date.now());
          }
        })
        .catch(() => {})
        .finally(() => pending.delete(form));
      pending.set(form, fetched);
    }
    return pending.get(form);
  };

  const showError = (form, message, fieldError) => {
    const slot = form.querySelector("[data-error-for]");
    const input = form.elements.namedItem("email");
    if (slot) slot.textContent = fieldError || "";
    if (input instanceof HTMLInputElement) {
      if (fieldError) input.setAttribute("aria-invalid", "true");
      else input.removeAttribute("aria-invalid");
    }
    const summary = form.querySelector("[data-form-error]");
    if (summary) {
      summary.textContent = message;
      summary.setAttribute("role", "alert");
    }
    (fieldError && input instanceof HTMLInputElement ? input : summary)?.focus();
  };

  const showAnswer = (form, message) => {
    const root = form.closest("[data-subscribe]");
    const status = root?.querySelector("[data-subscribe-status]");
    form.hidden = true;
    if (!status) return;
    status.textContent = message;
    status.tabIndex = -1;
    status.focus();
  };

  /** @param {HTMLFormElement} form */
  const send = async (form) => {
    await ensureToken(form);
    const age = Date.now() - (arrivedAt.get(form) ?? 0);
    if (age < TOKEN_MIN_AGE_MS) await new Promise((resolve) => setTimeout(resolve, TOKEN_MIN_AGE_MS - age));
    const fields = new FormData(form);
    if (tokens.has(form)) fields.set("token", tokens.get(form));
    const response = await fetch("/api/subscriptions", {
      method: "POST",
      headers: { Accept: "application/json" },
      body: new URLSearchParams(fields),
    });
    const answer = await response.json().catch(() => ({}));
    if (response.ok) showAnswer(form, answer.message || "");
    else showError(form, answer.message || "The form could not be sent. Try again.", answer.fieldError);
  };

  document.addEventListener("submit", async (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute("data-subscribe-form")) return;
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
  });

  document.addEventListener("focusin", (event) => {
    const form = event.target instanceof Element ? event.target.closest("[data-subscribe-form]") : null;
    if (form instanceof HTMLFormElement) ensureToken(form);
  });

  const started = document.activeElement?.closest?.("[data-subscribe-form]");
  if (started instanceof HTMLFormElement) ensureToken(started);
}
