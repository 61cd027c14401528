import type { RouterContextProvider } from "react-router";

export type Handler = (args: never) => Promise<unknown>;

export interface Answer {
  status: number;
  body: unknown;
  location?: string | null;
  headers?: Headers;
}

export interface CallInit {
  method?: "GET" | "POST";
  cookie?: string;
  origin?: string | null;
  form?: Array<[string, string]>;
  params?: Record<string, string>;
}

/**
 * Calls a route's loader or action as React Router would, and reads its answer (returned or
 * thrown): a Response's status, body (JSON when it is) and Location, or `data()`'s status and value.
 */
export async function callRoute(
  context: RouterContextProvider,
  handler: Handler,
  path: string,
  init: CallInit = {},
): Promise<Answer> {
  const headers = new Headers();
  if (init.cookie) headers.set("Cookie", init.cookie);
  if (init.method === "POST" && init.origin !== null) headers.set("Origin", init.origin ?? "http://test");
  const body = init.form ? new URLSearchParams(init.form) : undefined;
  const request = new Request(`http://test${path}`, { method: init.method ?? "GET", headers, body });
  const read = async (value: unknown): Promise<Answer> => {
    if (value instanceof Response) {
      const text = await value.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {}
      return { status: value.status, body: parsed, location: value.headers.get("Location"), headers: value.headers };
    }
    if (value && typeof value === "object" && "init" in value && "data" in value) {
      const { init: responseInit, data } = value as { init: ResponseInit | null; data: unknown };
      return { status: responseInit?.status ?? 200, body: data };
    }
    return { status: 200, body: value };
  };
  try {
    return await read(await handler({ request, context, params: init.params ?? {} } as never));
  } catch (thrown) {
    return read(thrown);
  }
}
