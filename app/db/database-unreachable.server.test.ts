import { describe, expect, it } from "vitest";
import { DatabaseUnavailableError, isDatabaseUnreachable, outageReason } from "./database-unreachable.server.ts";

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
/** How drizzle and better-auth hand on a driver's error: wrapped, with the original as `cause`. */
const wrapped = (cause: unknown) =>
  new Error("Failed to get session", { cause: new Error('Failed query: select "id" from "auth_session"', { cause }) });

describe("isDatabaseUnreachable", () => {
  it.each([
    ["a refused connection", withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED")],
    ["a reset connection", withCode("read ECONNRESET", "ECONNRESET")],
    ["a connection attempt that timed out", new Error("timeout exceeded when trying to connect")],
    ["a query that timed out on a silent connection", new Error("Query read timeout")],
    ["a connection the server closed", new Error("Connection terminated unexpectedly")],
    ["the server shutting down (57P01)", withCode("terminating connection due to administrator command", "57P01")],
    ["the server starting up (57P03)", withCode("the database system is starting up", "57P03")],
    ["a connection exception (class 08)", withCode("connection failure", "08006")],
    ["a client already broken", new Error("Client has encountered a connection error and is not queryable")],
    ["both address families refused", new AggregateError([withCode("connect ECONNREFUSED ::1:5432", "ECONNREFUSED")])],
    ["the app's own signal", new DatabaseUnavailableError("listening connection lost")],
  ])("is true for %s, also wrapped by drizzle and the auth library", (_name, error) => {
    expect(isDatabaseUnreachable(error)).toBe(true);
    expect(isDatabaseUnreachable(wrapped(error))).toBe(true);
  });

  it.each([
    ["a unique violation", withCode('duplicate key value violates unique constraint "quotes_pkey"', "23505")],
    ["a syntax error", withCode('syntax error at or near "selec"', "42601")],
    ["a full disk (507, not 503)", withCode('could not extend file "base/5/1": No space left on device', "53100")],
    ["a plain bug", new TypeError("Cannot read properties of undefined (reading 'id')")],
    ["not an error at all", "ECONNREFUSED"],
  ])("is false for %s", (_name, error) => {
    expect(isDatabaseUnreachable(error)).toBe(false);
    expect(isDatabaseUnreachable(wrapped(error))).toBe(false);
  });

  it("gives the driver's words for a log line, never the wrapper's (it quotes the query's parameters)", () => {
    const error = wrapped(withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"));
    expect(outageReason(error)).toBe("connect ECONNREFUSED 127.0.0.1:5432");
    expect(outageReason(new Error("params: secret-token"))).toBeUndefined();
  });

  it("survives an error whose cause points back at itself", () => {
    const looping = new Error("loop") as Error & { cause?: unknown };
    looping.cause = looping;
    expect(isDatabaseUnreachable(looping)).toBe(false);
  });
});
