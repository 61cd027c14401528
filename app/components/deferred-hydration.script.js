// Starts React on a "deferred" page (see page-scripts.tsx): after the load event, once the page
// has painted and the main thread is idle, so the framework never competes with the first paint
// (nor the largest image's), or at the visitor's first key press or tap if that comes sooner.
// Until then the page works as plain HTML, and the one control that needs more than HTML does
// what it says from first paint (issue 20): a gallery image's link opens the viewer once React
// is there instead of leaving for the JPEG.
(() => {
  const pending = document.querySelector('script[type="text/x-deferred-module"]');
  if (!pending) return;
  const root = document.documentElement;
  const triggers = ["pointerdown", "keydown", "touchstart"];
  let started = false;
  const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
  const start = () => {
    if (started) return;
    started = true;
    for (const type of triggers) removeEventListener(type, start, true);
    const modules = (pending.dataset.preload || "").split(" ").filter(Boolean);
    for (const href of modules) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      document.head.append(link);
    }
    // One module evaluated per task (React, the router, each route's code), so none of them
    // is a long task that holds a tap back (issue 20). The entry module, which starts hydrating
    // as it runs, is left to the page's own module script, which imports it last.
    const entry = modules.filter((href) => pending.textContent.includes(`import(${JSON.stringify(href)})`));
    let evaluated = Promise.resolve();
    for (const href of modules) {
      if (!entry.includes(href)) evaluated = evaluated.then(() => import(href)).then(nextTask);
    }
    // A module that fails to load fails again in the page's script, which reports it as usual.
    evaluated
      .catch(() => {})
      .then(() => {
        // Same text as the inert script, so the page's policy allows it by hash or by nonce.
        const script = document.createElement("script");
        script.type = "module";
        script.nonce = pending.nonce;
        script.textContent = pending.textContent;
        document.head.append(script);
      });
  };
  // After load and after the largest paint, two frames, then the first idle moment. On a busy
  // main thread the load event can come before the first paint, so load alone does not mean the
  // largest image has painted; where the browser reports it (Chromium, Firefox), wait for the
  // report too, for at most 3 s.
  const afterPaint = () =>
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        if (window.requestIdleCallback) requestIdleCallback(start, { timeout: 1000 });
        else setTimeout(start, 50);
      }),
    );
  let waiting = PerformanceObserver.supportedEntryTypes?.includes("largest-contentful-paint") ? 2 : 1;
  const ready = () => {
    waiting -= 1;
    if (waiting === 0) afterPaint();
  };
  if (waiting === 2) {
    let painted = false;
    const observer = new PerformanceObserver(() => {
      if (painted) return;
      painted = true;
      observer.disconnect();
      ready();
    });
    observer.observe({ type: "largest-contentful-paint", buffered: true });
    setTimeout(() => {
      if (painted) return;
      painted = true;
      observer.disconnect();
      ready();
    }, 3000);
  }
  if (document.readyState === "complete") ready();
  else addEventListener("load", ready, { once: true });
  for (const type of triggers) addEventListener(type, start, { capture: true, passive: true });

  // A tap before React. Its own handlers take over once it has marked the control.
  addEventListener(
    "click",
    (event) => {
      if (root.hasAttribute("data-hydrated") || !(event.target instanceof Element)) return;
      const link = event.target.closest("a[data-viewer-link]:not([data-enhanced])");
      if (!link) return;
      // A new tab or window is the visitor's choice: the JPEG, as without JavaScript.
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      event.stopPropagation();
      for (const other of document.querySelectorAll("[data-open-requested]"))
        other.removeAttribute("data-open-requested");
      link.setAttribute("data-open-requested", "");
      start();
      // Should React never arrive (a lost connection), the tap still shows the image.
      setTimeout(() => {
        if (link.hasAttribute("data-open-requested")) location.assign(link.href);
      }, 10_000);
    },
    true,
  );
})();
