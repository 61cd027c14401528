import type { RouteConfig } from "@react-router/dev/routes";
import { flatRoutes } from "@react-router/fs-routes";

// File-based routes: app/routes/<name>.tsx, so adding a page touches no shared file.
// Styles and tests may sit beside a route without becoming routes themselves.
export default flatRoutes({
  ignoredRouteFiles: ["**/*.css", "**/*.test.{ts,tsx}", "**/*.server.ts"],
}) satisfies RouteConfig;
