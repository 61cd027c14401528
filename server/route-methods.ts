import type { NextFunction, Request, Response } from "express";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { sendErrorAnswer } from "#app/http/error-answer.server.ts";

/** The methods some address of the site answers; any other (TRACE, OPTIONS...) none does. */
export const SITE_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"] as const;
const siteMethods = new Set<string>(SITE_METHODS);

const READ_ONLY = "GET, HEAD";
// An action decides which of these it takes, and answers 405 itself for the others.
const WITH_ACTION = SITE_METHODS.join(", ");
export const READ_ONLY_MESSAGE = "This address only answers GET (and HEAD): it takes nothing sent to it.";

type BuildRoute = NonNullable<ServerBuild["routes"][string]>;

/** The build's flat route list as the nested tree matchRoutes takes, each carrying its route. */
export function routeTree(routes: ServerBuild["routes"]): RouteObject[] {
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    Object.values(routes)
      .filter((route): route is BuildRoute => route !== undefined && route.parentId === parentId)
      .map((route) => ({
        id: route.id,
        path: route.path,
        caseSensitive: route.caseSensitive,
        ...(route.index ? { index: true as const } : { children: childrenOf(route.id) }),
      }));
  return childrenOf(undefined);
}

/** The page path a request is for: single-fetch data requests add `.data` (`/_root.data` is `/`). */
function pagePath(path: string): string {
  if (path === "/_root.data") return "/";
  return path.endsWith(".data") ? path.slice(0, -".data".length) : path;
}

/**
 * The id of the route whose action a submission to `path` would run, as React Router chooses
 * it: the deepest match, except that an index route takes submissions only with `?index`.
 */
export function actionRouteId(tree: RouteObject[], path: string, search: string): string | undefined {
  const matches = matchRoutes(tree, pagePath(path));
  if (!matches?.length) return undefined;
  const last = matches[matches.length - 1];
  if (last?.route.index && !new URLSearchParams(search).getAll("index").includes("")) {
    const withPath = matches.filter((match, i) => i === 0 || match.route.path);
    return withPath[withPath.length - 1]?.route.id;
  }
  return last?.route.id;
}

/**
 * Which methods an address answers, before React Router sees the request:
 * - a method no address takes (TRACE, OPTIONS, PROPFIND...) gets 405 with the address's `Allow`
 *   and a message; React Router cannot even build a request for TRACE, which was a 500;
 * - a submission (POST, PUT, PATCH, DELETE) to a page or API address whose route has no action
 *   gets 405 with `Allow: GET, HEAD` and "This address only answers GET", where React Router
 *   would answer 405 with "Unexpected Server Error" (API) or its error page.
 * A client's mistake, so a 4xx (logged at warn by the request log), never a 5xx.
 */
export function answerRouteMethods(loadBuild: () => Promise<ServerBuild>) {
  let tree: Promise<{ tree: RouteObject[]; routes: ServerBuild["routes"] }> | undefined;
  return async function answerRouteMethod(req: Request, res: Response, next: NextFunction) {
    if (req.method === "GET" || req.method === "HEAD") return next();
    try {
      tree ??= loadBuild().then((build) => ({ tree: routeTree(build.routes), routes: build.routes }));
      const { tree: routes, routes: byId } = await tree;
      const query = req.originalUrl.indexOf("?");
      const id = actionRouteId(routes, req.path, query === -1 ? "" : req.originalUrl.slice(query));
      const hasAction = id !== undefined && Boolean(byId[id]?.module.action);
      if (!siteMethods.has(req.method)) {
        const allow = hasAction ? WITH_ACTION : READ_ONLY;
        res.set("Allow", allow);
        const message = `This site does not answer ${req.method} requests; this address answers ${allow}.`;
        return sendErrorAnswer(req, res, 405, message);
      }
      // No route at all: React Router's 404.
      if (id === undefined || hasAction) return next();
      res.set("Allow", READ_ONLY);
      sendErrorAnswer(req, res, 405, READ_ONLY_MESSAGE);
    } catch (error) {
      next(error);
    }
  };
}
