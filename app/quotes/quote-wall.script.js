// The quote wall's search and "More quotes", the one copy of their behaviour (decisions 058 and
// 065). On a page load it is written into the page at the end of its <main>, so they work from
// the first paint with no framework and no request of their own; after a client-side navigation
// app/routes/quotes.tsx imports this same file, which installs `window.__behaviours.quoteWall`,
// and starts it on its <main>. The rules: the search runs 250 ms after the last key (or at once
// on Enter) and stays in the address; "More quotes" adds the next page; "Loading..." while a load
// runs, "Error: {message}" when one fails (SPEC.md). Stopping it (leaving the page) ends a load
// under way and a search waiting for its 250 ms.
// A block, not a function, so that no function runs past 100 lines (issue 38's size rule), and
// a block keeps its names out of the page's global scope as a function would.
{
  const SEARCH_DELAY_MS = 250;
  const longDate = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });
  /** The stop function of each wall this page has started, so each starts once. */
  const started = new WeakMap();

  /** The parts of the wall the server drew, or undefined if one is missing. */
  const partsOf = (wall) => {
    const form = wall.querySelector('form[role="search"]');
    const parts = {
      form,
      input: form?.querySelector('input[name="q"]'),
      status: wall.querySelector("[data-quote-status]"),
      list: wall.querySelector("[data-quote-list]"),
      empty: wall.querySelector("[data-quote-empty]"),
      more: wall.querySelector("[data-quote-more]"),
      moreLink: wall.querySelector("[data-quote-more] a"),
      card: wall.querySelector("template[data-quote-card]"),
    };
    return Object.values(parts).every(Boolean) ? parts : undefined;
  };

  /** "Loading...", "Error: {message}", or nothing ("idle"). */
  const showStatus = (status, kind, message) => {
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

  /** The list, the empty line and "More quotes", shown or hidden for what the wall now holds. */
  const showRest = (wall, parts, kind) => {
    const { input, list, empty, more, moreLink } = parts;
    const search = input.value.trim();
    const nextCursor = wall.dataset.nextCursor;
    const hasQuotes = list.children.length > 0;
    list.hidden = !hasQuotes;
    empty.hidden = hasQuotes || kind !== "idle";
    const { emptyText, noMatchText } = wall.dataset;
    empty.textContent = search ? (noMatchText || "").replace("{search}", search) : emptyText || "";
    more.hidden = !nextCursor;
    if (nextCursor) moreLink.href = `?${new URLSearchParams({ ...(search ? { q: search } : {}), cursor: nextCursor })}`;
  };

  /** One card from the page's <template>, filled with a quote. */
  const cardFor = (card, quote) => {
    // The HTML parser puts a template's card in its content; React, drawing the wall after a
    // client-side navigation, appends it to the element itself.
    const item = (card.content.firstElementChild || card.firstElementChild).cloneNode(true);
    item.querySelector("p").textContent = quote.text;
    const time = item.querySelector("time");
    time.dateTime = quote.createdAt;
    time.textContent = longDate.format(new Date(quote.createdAt));
    return item;
  };

  /** One page of public quotes from the API; throws with the server's message when it refuses. */
  const fetchQuotes = async (params, signal) => {
    const response = await fetch(`/api/quotes?${params}`, { signal, headers: { Accept: "application/json" } });
    const body = await response.json().catch(() => ({ message: `The server answered ${response.status}` }));
    if (!response.ok) throw new Error(typeof body?.message === "string" ? body.message : "Could not load quotes");
    return body;
  };

  /** Starts the wall in `wall` (a [data-quote-wall]); returns the function that stops it. */
  const startQuoteWall = (wall) => {
    const running = started.get(wall);
    if (running) return running;
    const parts = partsOf(wall);
    if (!parts) return () => {};
    const { form, input, status, list, moreLink, card } = parts;
    let inFlight;
    let debounce;

    const load = async (search, cursor) => {
      inFlight?.abort();
      const controller = new AbortController();
      inFlight = controller;
      showStatus(status, "loading");
      showRest(wall, parts, "loading");
      const params = new URLSearchParams({ limit: wall.dataset.pageSize || "24" });
      if (search.trim()) params.set("q", search.trim());
      if (cursor) params.set("cursor", cursor);
      try {
        const page = await fetchQuotes(params, controller.signal);
        const cards = page.quotes.map((quote) => cardFor(card, quote));
        if (cursor) list.append(...cards);
        else list.replaceChildren(...cards);
        if (page.nextCursor) wall.dataset.nextCursor = page.nextCursor;
        else delete wall.dataset.nextCursor;
        // Keep the search in the address, so reloading or sharing shows the same quotes.
        if (!cursor)
          history.replaceState(
            history.state,
            "",
            search.trim() ? `?q=${encodeURIComponent(search.trim())}` : location.pathname,
          );
        showStatus(status, "idle");
        showRest(wall, parts, "idle");
      } catch (error) {
        if (controller.signal.aborted) return;
        showStatus(status, "error", error instanceof Error ? error.message : String(error));
        showRest(wall, parts, "error");
      }
    };

    const listening = new AbortController();
    const { signal } = listening;
    input.addEventListener(
      "input",
      () => {
        clearTimeout(debounce);
        debounce = setTimeout(() => load(input.value, null), SEARCH_DELAY_MS);
      },
      { signal },
    );
    form.addEventListener(
      "submit",
      (event) => {
        event.preventDefault();
        clearTimeout(debounce);
        load(input.value, null);
      },
      { signal },
    );
    moreLink.addEventListener(
      "click",
      (event) => {
        event.preventDefault();
        const idle = status.childElementCount === 0 || status.querySelector('[role="alert"]');
        if (idle && wall.dataset.nextCursor) load(input.value, wall.dataset.nextCursor);
      },
      { signal },
    );

    const stop = () => {
      clearTimeout(debounce);
      inFlight?.abort();
      listening.abort();
      started.delete(wall);
    };
    started.set(wall, stop);
    // A search the browser put back (Back, a restored tab) is run, not shown beside the old wall.
    if (input.value !== (wall.dataset.q || "")) load(input.value, null);
    return stop;
  };

  window.__behaviours ||= {};
  window.__behaviours.quoteWall ||= startQuoteWall;
  // Inline in the page: the wall is the <main> this script ends.
  const wall = document.currentScript?.parentElement;
  if (wall?.hasAttribute("data-quote-wall")) window.__behaviours.quoteWall(wall);
}
