// SPEC.md's one-image viewer (decision 058): a tap on an image link (a[data-viewer-link]) opens the
// image full size in a modal <dialog>, with a close button, no previous or next. Written into
// the page once (ExhibitionBlocks, About), so the first tap works from the first paint with no
// framework; after a client-side navigation zoomable-image.tsx imports this same file. One
// listener on the document serves every link, however the page was reached.
// A block rather than a function around it: as a classic inline script its `const`s stay out
// of the page's globals all the same, and each piece below reads as its own short function.
if (!window.__imageViewer) {
  const FADE_MS = 250;
  const PULL_CLOSE_PX = 60;
  let dialog;
  let image;
  let opener;

  /** Fades out, then empties the image and goes back to the link that opened it. */
  const close = () => {
    if (!dialog?.open || dialog.hasAttribute("data-closing")) return;
    dialog.setAttribute("data-closing", "");
    setTimeout(() => {
      dialog.removeAttribute("data-closing");
      dialog.close();
      image.removeAttribute("src");
      image.removeAttribute("srcset");
      image.style.transform = "";
      // Back to the image that opened it, as the dialog's own focus return may not do.
      opener?.focus();
    }, FADE_MS);
  };

  /** The loading note until the image arrives; the error note if it never does. */
  const followLoading = () => {
    const loading = dialog.querySelector(".image-viewer-loading");
    const failed = dialog.querySelector(".image-viewer-error");
    image.addEventListener("load", () => {
      loading.hidden = true;
      dialog.dataset.state = "complete";
    });
    image.addEventListener("error", () => {
      if (!image.getAttribute("src")) return;
      loading.hidden = true;
      failed.hidden = false;
      dialog.dataset.state = "error";
    });
  };

  /** The close button, Escape (faded as the button does) and a tap on the dark surround. */
  const closeOnDismiss = () => {
    dialog.querySelector("button").addEventListener("click", close);
    dialog.addEventListener("cancel", (event) => {
      event.preventDefault();
      close();
    });
    // A tap on the picture does not close.
    dialog.addEventListener("click", (event) => {
      if (event.target === dialog || event.target.classList?.contains("image-viewer-frame")) close();
    });
  };

  /** Pulled down (touch or pen) by more than 60 px: closed; less, and it springs back. */
  const closeOnPullDown = () => {
    let startY;
    dialog.addEventListener("pointerdown", (event) => {
      if (event.pointerType !== "mouse" && event.target === image) startY = event.clientY;
    });
    dialog.addEventListener("pointermove", (event) => {
      if (startY === undefined) return;
      image.style.transform = `translateY(${Math.max(0, event.clientY - startY)}px)`;
    });
    const release = (event) => {
      if (startY === undefined) return;
      const pulled = event.clientY - startY;
      startY = undefined;
      if (pulled > PULL_CLOSE_PX) close();
      else image.style.transform = "";
    };
    dialog.addEventListener("pointerup", release);
    dialog.addEventListener("pointercancel", release);
  };

  /** The dialog, made on the first tap and kept for the next. */
  const build = () => {
    dialog = document.createElement("dialog");
    dialog.className = "image-viewer";
    dialog.setAttribute("aria-label", "Image viewer");
    dialog.innerHTML =
      '<button type="button" class="image-viewer-close" aria-label="Close">\u00d7</button>' +
      '<div class="image-viewer-frame"><img class="image-viewer-image" alt="" decoding="async">' +
      '<span class="image-viewer-loading" role="status">Loading image...</span>' +
      '<span class="image-viewer-error" role="alert" hidden><span aria-hidden="true">\u26a0</span> The image could not be loaded</span></div>';
    image = dialog.querySelector("img");
    followLoading();
    closeOnDismiss();
    closeOnPullDown();
    document.body.append(dialog);
  };

  const open = (link) => {
    if (!dialog) build();
    opener = link;
    const picture = link.querySelector("img");
    dialog.dataset.state = "loading";
    dialog.querySelector(".image-viewer-loading").hidden = false;
    dialog.querySelector(".image-viewer-error").hidden = true;
    image.alt = picture?.alt || "";
    if (link.dataset.viewerWidth) image.width = Number(link.dataset.viewerWidth);
    if (link.dataset.viewerHeight) image.height = Number(link.dataset.viewerHeight);
    image.sizes = "100vw";
    image.srcset = link.dataset.viewerSrcset || "";
    image.src = link.href;
    dialog.showModal();
  };

  // Also how zoomable-image.tsx opens a tap that came before this file had arrived.
  window.__imageViewer = open;
  document.addEventListener("click", (event) => {
    const link = event.target instanceof Element && event.target.closest("a[data-viewer-link]");
    // A new tab or window is the visitor's choice: the JPEG, as without JavaScript.
    if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    open(link);
  });
}
