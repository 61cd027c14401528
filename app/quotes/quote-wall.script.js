// The quote wall's search and "More quotes" on a page load (decision 058): written into the page
// at the end of its <main>, so they work from the first paint with no framework and no request
// of their own. The same rules as the React page (app/routes/quotes.tsx), which runs them after a
// client-side navigation, where React never runs this script: the search runs 250 ms after the
// last key (or at once on Enter) and stays in the address; "More quotes" adds the next page;
// "Loading..." while a load runs, "Error: {message}" when one fails (SPEC.md).
(() => {
  const wall = document.currentScript?.parentElement;
  if (!wall?.hasAttribute("data-quote-wall")) return;
  const form = wall.querySelector('form[role="search"]');
  const input = form?.querySelector('input[name="q"]');
  const status = wall.querySelector("[data-quote-status]");
  const list = wall.querySelector("[data-quote-list]");
  const empty = wall.querySelector("[data-quote-empty]");
  const more = wall.querySelector("[data-quote-more]");
  const moreLink = more?.querySelector("a");
  const card = wall.querySelector("template[data-quote-card]");
  if (!form || !input || !status || !list || !empty || !more || !moreLink || !card) return;
  const { pageSize, emptyText, noMatchText, q: servedSearch } = wall.dataset;
  const longDate = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });
  let nextCursor = wall.dataset.nextCursor || null;
  let inFlight;
  let debounce;

  const showStatus = (kind, message) => {
    status.replaceChildren();
    if (kind === "idle") return;
    const line = document.createElement("p");
    if (kind === "error") {
      line.setAttribute("role", "alert");
      line.className = status.dataset.errorClass || "";
      line.textContent = `Error: ${message}`;
    } else line.textContent = "Loading...";
    status.append(line);
  };
  const showRest = (kind) => {
    const search = input.value.trim();
    const hasQuotes = list.children.length > 0;
    list.hidden = !hasQuotes;
    empty.hidden = hasQuotes || kind !== "idle";
    empty.textContent = search ? (noMatchText || "").replace("{search}", search) : emptyText || "";
    more.hidden = !nextCursor;
    if (nextCursor) moreLink.href = `?${new URLSearchParams({ ...(search ? { q: search } : {}), cursor: nextCursor })}`;
  };
  const cardFor = (quote) => {
    const item = card.content.firstElementChild.cloneNode(true);
    item.querySelector("p").textContent = quote.text;
    const time = item.querySelector("time");
    time.dateTime = quote.createdAt;
    time.textContent = longDate.format(new Date(quote.createdAt));
    return item;
  };

  const load = async (search, cursor) => {
    inFlight?.abort();
    const controller = new AbortController();
    inFlight = controller;
    showStatus("loading");
    showRest("loading");
    const params = new URLSearchParams({ limit: pageSize || "24" });
    if (search.trim()) params.set("q", search.trim());
    if (cursor) params.set("cursor", cursor);
    try {
      const response = await fetch(`/api/quotes?${params}`, {
        signal: controller.signal,
        headers: { Accept: "application/json" },
      });
      const body = await response.json().catch(() => ({ message: `The server answered ${response.status}` }));
      if (!response.ok) throw new Error(typeof body?.message === "string" ? body.message : "Could not load quotes");
      const cards = body.quotes.map(cardFor);
      if (cursor) list.append(...cards);
      else list.replaceChildren(...cards);
      nextCursor = body.nextCursor;
      if (!cursor) {
        // Keep the search in the address, so reloading or sharing shows the same quotes.
        const url = search.trim() ? `?q=${encodeURIComponent(search.trim())}` : location.pathname;
        history.replaceState(history.state, "", url);
      }
      showStatus("idle");
      showRest("idle");
    } catch (error) {
      if (controller.signal.aborted) return;
      showStatus("error", error instanceof Error ? error.message : String(error));
      showRest("error");
    }
  };

  input.addEventListener("input", () => {
    clearTimeout(debounce);
    debounce = setTimeout(() => load(input.value, null), 250);
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    clearTimeout(debounce);
    load(input.value, null);
  });
  moreLink.addEventListener("click", (event) => {
    event.preventDefault();
    if (status.childElementCount === 0 || status.querySelector('[role="alert"]')) load(input.value, nextCursor);
  });
  // A search the browser put back (Back, a restored tab) is run, not shown beside the old wall.
  if (input.value !== (servedSearch || "")) load(input.value, null);
})();
