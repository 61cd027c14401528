import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import { isSameOriginRequest } from "#app/auth/origin-check.server.ts";
import { roomPrivacy } from "./room-privacy.ts";

/** A post to a room through the middleware: its answer's headers, and whether our origin check passes it. */
async function postToRoom(headers: Record<string, string>) {
  const app = express();
  app.use("/rooms", roomPrivacy());
  app.use((req, res) => {
    const request = { method: req.method, headers: { get: (name: string) => req.get(name) ?? null } };
    res.json({ origin: req.get("origin") ?? null, accepted: isSameOriginRequest(request, ["http://site.test"]) });
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  try {
    const answer = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/rooms/a-token`, {
      method: "POST",
      headers,
    });
    return { referrerPolicy: answer.headers.get("referrer-policy"), ...((await answer.json()) as object) };
  } finally {
    server.close();
  }
}

describe("roomPrivacy", () => {
  it("makes a room send no Referer, and still takes its own form post, sent with Origin: null", async () => {
    expect(await postToRoom({ origin: "null", "sec-fetch-site": "same-origin" })).toEqual({
      referrerPolicy: "no-referrer",
      origin: null,
      accepted: true,
    });
  });

  it("refuses a null-Origin post from another site, or from a browser that does not say where it came from", async () => {
    for (const site of ["cross-site", "same-site", "none"]) {
      expect(await postToRoom({ origin: "null", "sec-fetch-site": site })).toMatchObject({ accepted: false });
    }
    expect(await postToRoom({ origin: "null" })).toMatchObject({ origin: "null", accepted: false });
    expect(await postToRoom({ origin: "https://evil.example", "sec-fetch-site": "same-origin" })).toMatchObject({
      accepted: false,
    });
  });
});
