// load-env-file.js is imported for its effect only.
export {};
