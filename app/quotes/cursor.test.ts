import { describe, expect, it } from "vitest";
import { decodeCursor, encodeCursor } from "./cursor.ts";

const raw = (json: string) => Buffer.from(json).toString("base64url");

describe("quote cursors", () => {
  it("reads back what the server wrote", () => {
    const position = { createdAt: new Date("2019-05-04T10:11:12.345Z"), id: 1234 };
    expect(decodeCursor(encodeCursor(position))).toEqual(position);
    const last = { createdAt: new Date("9999-12-31T23:59:59.999Z"), id: 2_147_483_647 };
    expect(decodeCursor(encodeCursor(last))).toEqual(last);
  });

  it("refuses ids a PostgreSQL integer cannot hold", () => {
    expect(decodeCursor(raw('["2024-01-01T00:00:00Z",2147483648]'))).toBeUndefined();
    expect(decodeCursor(raw('["2024-01-01T00:00:00Z",9007199254740993]'))).toBeUndefined();
    expect(decodeCursor(raw('["2024-01-01T00:00:00Z",1e308]'))).toBeUndefined();
    expect(decodeCursor(raw('["2024-01-01T00:00:00Z",0]'))).toBeUndefined();
    expect(decodeCursor(raw('["2024-01-01T00:00:00Z",1.5]'))).toBeUndefined();
  });

  it("refuses dates PostgreSQL has no year for", () => {
    expect(decodeCursor(raw('["0000-01-01T00:00:00Z",1]'))).toBeUndefined();
    expect(decodeCursor(raw('["0000-12-31T23:59:59.999Z",1]'))).toBeUndefined();
    expect(decodeCursor(raw('["+275760-09-13T00:00:00.000Z",1]'))).toBeUndefined();
    expect(decodeCursor(raw('["0001-01-01T00:00:00Z",1]'))).toEqual({
      createdAt: new Date("0001-01-01T00:00:00Z"),
      id: 1,
    });
  });

  it("refuses anything that is not a cursor", () => {
    for (const value of ["", "%E0%A4%A", "not base64!", raw("null"), raw("[]"), raw('{"id":1}'), raw("[")]) {
      expect(decodeCursor(value), value).toBeUndefined();
    }
  });
});
