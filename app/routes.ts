import { type RouteConfig, route } from "@react-router/dev/routes";
import { flatRoutes } from "@react-router/fs-routes";
import { LONG_FORM_KINDS } from "./routes/long-form/kinds.ts";

// File-based routes: app/routes/<name>.tsx, so adding a page touches no shared file.
// Styles and tests may sit beside a route without becoming routes themselves.
// Articles and interviews are one long-form shape (routes/long-form/), routed once per kind;
// the kind is the URL's first segment. Their ids stay those of the files they replaced.
export default (async () => [
  ...(await flatRoutes({
    ignoredRouteFiles: ["**/*.css", "**/*.test.{ts,tsx}", "**/*.server.ts", "long-form/**"],
  })),
  ...LONG_FORM_KINDS.flatMap((kind) => [
    route(kind, "routes/long-form/list.tsx", { id: `routes/${kind}._index` }),
    route(`${kind}/:slug`, "routes/long-form/piece.tsx", { id: `routes/${kind}.$slug` }),
  ]),
])() satisfies RouteConfig;
