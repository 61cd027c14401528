// /admin is no screen: the designed 404, as before the studio shell made it a route (decision 064).
export { default, ErrorBoundary, handle, loader, meta } from "./$.tsx";
