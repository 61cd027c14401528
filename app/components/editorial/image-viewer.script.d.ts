// image-viewer.script.js is imported for its effect only (it installs the viewer once).
export {};
