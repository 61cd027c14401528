// posted-form.script.js is imported for its effect only (it installs the forms' listeners once).
export {};
