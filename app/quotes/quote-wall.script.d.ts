// quote-wall.script.js is imported for its effect only (it installs window.__behaviours.quoteWall).
export {};
