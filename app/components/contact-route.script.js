// The contact page ships no framework JavaScript (decision 011), so this logs its route on a
// page load, as SPEC.md asks of the contact route; a client-side navigation to it logs from
// the route component (app/routes/contact.tsx), where this script is inert.
console.log(location.pathname);
