// edition-live.script.js is imported for its effect only (it installs window.__behaviours.editionLive).
export {};
