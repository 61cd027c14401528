// Starts React on a "deferred" page (see page-scripts.tsx): after the load event, so the
// framework never competes with the first paint, or at the visitor's first key press or tap if
// that comes sooner. Until then the page works as plain HTML.
(() => {
  const pending = document.querySelector('script[type="text/x-deferred-module"]');
  if (!pending) return;
  const triggers = ["pointerdown", "keydown", "touchstart"];
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const type of triggers) removeEventListener(type, start, true);
    for (const href of (pending.dataset.preload || "").split(" ").filter(Boolean)) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      document.head.append(link);
    }
    // Same text as the inert script, so the page's policy allows it by hash or by nonce.
    const script = document.createElement("script");
    script.type = "module";
    script.nonce = pending.nonce;
    script.textContent = pending.textContent;
    document.head.append(script);
  };
  if (document.readyState === "complete") start();
  else addEventListener("load", start, { once: true });
  for (const type of triggers) addEventListener(type, start, { capture: true, passive: true });
})();
