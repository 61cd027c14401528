import path from "node:path";

/**
 * For tests that walk the whole site: every route of app/routes.ts as React Router reads it (so
 * a route added later is walked too), a concrete address for each, and what a call to its loader
 * or action would give the visitor.
 */

type RouteEntry = { id?: string; file: string; path?: string; index?: boolean; children?: RouteEntry[] };
export type WalkedRoute = { id: string; file: string; path: string };
export type RouteModule = {
  loader?: (args: unknown) => unknown;
  action?: (args: unknown) => unknown;
  meta?: (args: unknown) => { title?: string }[] | undefined;
  default?: unknown;
};

/** Every route of app/routes.ts, with its whole path. */
export async function everyRoute(): Promise<WalkedRoute[]> {
  // What the React Router plugin sets before it reads routes.ts.
  (globalThis as { __reactRouterAppDirectory?: string }).__reactRouterAppDirectory = path.resolve("app");
  const config = (await (await import("#app/routes.ts")).default) as RouteEntry[];
  const flat = (entries: RouteEntry[], prefix: string): WalkedRoute[] =>
    entries.flatMap((entry) => {
      const whole = [prefix, entry.path ?? ""].filter(Boolean).join("/");
      return [
        { id: entry.id ?? entry.file, file: entry.file, path: `/${whole}` },
        ...flat(entry.children ?? [], whole),
      ];
    });
  return flat(config, "");
}

/** The route's module (loader, action, meta, page). */
export async function routeModule(route: WalkedRoute): Promise<RouteModule> {
  return (await import(/* @vite-ignore */ path.resolve("app", route.file))) as RouteModule;
}

/** A concrete address for a route's path: each parameter filled in (ids 1), a splat given two segments. */
export function addressOf(routePath: string): { url: string; params: Record<string, string> } {
  const params: Record<string, string> = {};
  const url = routePath
    .split("/")
    .map((segment) => {
      if (segment !== "*" && !segment.startsWith(":")) return segment;
      const name = segment === "*" ? "*" : segment.slice(1).replace(/\?$/, "");
      const value = name === "*" ? "some/where" : /id$/i.test(name) ? "1" : "x";
      params[name] = value;
      return value;
    })
    .join("/");
  return { url: url || "/", params };
}

/** What the visitor would get: the status, an error answer's message, and the body's text. */
export type Outcome = { status: number; message?: string; body: string };

type Data = { type: "DataWithResponseInit"; data: unknown; init: ResponseInit | null };
const isData = (value: unknown): value is Data => (value as Data | null)?.type === "DataWithResponseInit";

/**
 * Calls a loader or action as React Router would and reads its answer: a thrown error that is
 * not an answer is the 500 React Router would send; an answer not given in 15 s is one too.
 * A streamed body (an event stream) is read for at most a second.
 */
export async function outcomeOf(run: () => unknown): Promise<Outcome> {
  let answer: unknown;
  try {
    answer = await Promise.race([
      run(),
      new Promise((_, reject) => setTimeout(() => reject(new Error("no answer in 15 s")), 15_000)),
    ]);
  } catch (thrown) {
    answer = thrown;
    if (!(thrown instanceof Response) && !isData(thrown)) {
      return { status: 500, message: String(thrown), body: String(thrown) };
    }
  }
  if (answer instanceof Response) {
    const body = await readSome(answer, 1_000);
    const parsed = body.startsWith("{") ? (JSON.parse(body) as { message?: string; error?: string }) : undefined;
    return { status: answer.status, message: parsed?.message ?? parsed?.error ?? body, body };
  }
  if (isData(answer)) {
    const data = answer.data;
    const message = typeof data === "string" ? data : (data as { error?: string; message?: string })?.error;
    return { status: answer.init?.status ?? 200, message, body: JSON.stringify(data) ?? "" };
  }
  return { status: 200, body: JSON.stringify(answer) ?? "" };
}

/** The body's text as far as it arrives within `ms` (an event stream never ends by itself). */
async function readSome(response: Response, ms: number): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const until = Date.now() + ms;
  let text = "";
  try {
    while (Date.now() < until) {
      const next = await Promise.race([
        reader.read(),
        new Promise<undefined>((resolve) => setTimeout(resolve, Math.max(0, until - Date.now()))),
      ]);
      if (!next || next.done) break;
      text += decoder.decode(next.value, { stream: true });
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  return text;
}
