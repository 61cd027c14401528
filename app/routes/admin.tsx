import { Outlet } from "react-router";
import { studioShell } from "#app/admin/studio-shell.server.ts";
import type { Route } from "./+types/admin";

/**
 * The studio shell: every /admin screen and endpoint is a child of this route, and its middleware
 * looks up the studio access once and sets the studio's headers (decision 064).
 */
export const middleware: Route.MiddlewareFunction[] = [studioShell];

export default function Studio() {
  return <Outlet />;
}
