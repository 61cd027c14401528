// Edition lines that stay true while the page is open (issue 40, decision 076), the one copy of
// the behaviour (decision 065). On a page load it is written into the page at the end of the
// element holding the lines (its parent), so it runs with no framework; after a client-side
// navigation edition-live.tsx imports this same file, which installs
// `window.__behaviours.editionLive`, and starts it on that element. Every second while the page
// is shown it asks /api/editions/availability about the works ([data-edition-work]) and series
// ([data-edition-series]) in the element, and writes each line it is answered: a line appears
// when an edition is set, changes when a print is sold or held, and goes when it is removed.
// A line the answer leaves out (a work not in the public catalogue) is left as the server drew
// it. A failed request changes nothing and is tried again a second later.
{
  const POLL_MS = 1000;
  /** The stop function of each element this page has started, so each starts once. */
  const started = new WeakMap();

  /** The works and series named in `root`, for the query. */
  const askedAbout = (root) => {
    const works = new Set();
    const series = new Set();
    for (const line of root.querySelectorAll("[data-edition-work]")) works.add(line.dataset.editionWork);
    for (const line of root.querySelectorAll("[data-edition-series]")) series.add(line.dataset.editionSeries);
    // The answer's limits (api.editions.availability.ts): a gallery scrolled past 300 works asks about the first 300.
    return { works: [...works].slice(0, 300), series: [...series].slice(0, 20) };
  };

  /** Writes an answer's lines into the elements it answers for; an empty line hides its element. */
  const write = (root, selector, key, lines) => {
    for (const element of root.querySelectorAll(selector)) {
      const name = element.dataset[key];
      if (!Object.hasOwn(lines, name)) continue;
      const line = lines[name] || "";
      if (element.textContent !== line) element.textContent = line;
      element.hidden = line === "";
    }
  };

  /** Starts keeping `root`'s lines live; returns the function that stops it. */
  const startEditionLive = (root) => {
    const running = started.get(root);
    if (running) return running;
    let timer;
    let inFlight;
    let stopped = false;

    const ask = async () => {
      timer = undefined;
      const { works, series } = askedAbout(root);
      if (!document.hidden && (works.length > 0 || series.length > 0)) {
        const query = new URLSearchParams({ works: works.join(","), series: series.join(",") });
        inFlight = new AbortController();
        try {
          const response = await fetch(`/api/editions/availability?${query}`, {
            signal: inFlight.signal,
            cache: "no-cache",
            headers: { Accept: "application/json" },
          });
          if (response.ok) {
            const answer = await response.json();
            write(root, "[data-edition-work]", "editionWork", answer.works || {});
            write(root, "[data-edition-series]", "editionSeries", answer.series || {});
          }
        } catch {
          // Offline, the server restarting, or the page left: the lines stay as they are.
        }
      }
      if (!stopped) timer = setTimeout(ask, POLL_MS);
    };
    // Back on screen: ask at once rather than at the next tick.
    const shown = () => {
      if (document.hidden || !timer) return;
      clearTimeout(timer);
      ask();
    };
    document.addEventListener("visibilitychange", shown);
    timer = setTimeout(ask, POLL_MS);

    const stop = () => {
      stopped = true;
      clearTimeout(timer);
      inFlight?.abort();
      document.removeEventListener("visibilitychange", shown);
      started.delete(root);
    };
    started.set(root, stop);
    return stop;
  };

  window.__behaviours ||= {};
  window.__behaviours.editionLive ||= startEditionLive;
  // Inline in the page: the lines are in the element this script ends.
  const root = document.currentScript?.parentElement;
  if (root) window.__behaviours.editionLive(root);
}
