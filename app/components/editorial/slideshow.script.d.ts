// slideshow.script.js is imported for its effect only (it installs window.__behaviours.slideshow).
export {};
