// Starts React on a "deferred" page (see page-scripts.tsx): after the load event, once the page
// has painted and the main thread is idle, so the framework never competes with the first paint
// (nor the largest image's), or at the visitor's first key press or tap if that comes sooner.
// Until then the page works as plain HTML (the gallery's form submits); a choice made before
// React starts is read by the page's components when it does.
(() => {
  const pending = document.querySelector('script[type="text/x-deferred-module"]');
  if (!pending) return;
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
})();
