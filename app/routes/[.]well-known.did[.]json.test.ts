import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { RouterContextProvider } from "react-router";
import { afterAll, describe, expect, it } from "vitest";
import { studioKeysFromDidDocument } from "#app/certificates/did-document.ts";
import { processSigningKeys } from "#app/certificates/signing-keys.server.ts";
import { loggerContext } from "#app/observability/context.ts";
import { loader } from "./[.]well-known.did[.]json.ts";

// Read by getEnv on first use, below.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-did-json-"));
process.env.DATA_DIR = dataDir;
process.env.PUBLIC_URL = "https://umbra.example";
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function fetchDidJson() {
  const context = new RouterContextProvider();
  context.set(loggerContext, pino({ level: "silent" }));
  // A request that lies about the host: the document must not follow it.
  const request = new Request("http://evil.example/.well-known/did.json", { headers: { Host: "evil.example" } });
  return (await loader({ request, params: {}, context } as never)) as Response;
}

describe("/.well-known/did.json", () => {
  it("publishes the studio's key under the configured origin, made at first request", async () => {
    const answer = await fetchDidJson();
    expect(answer.status).toBe(200);
    expect(answer.headers.get("access-control-allow-origin")).toBe("*");
    const document = await answer.json();
    expect(document.id).toBe("did:web:umbra.example");
    const keys = studioKeysFromDidDocument(document);
    if (!keys.ok) throw new Error(keys.reason);
    expect(keys.keys).toHaveLength(1);
    expect(fs.statSync(processSigningKeys().file).mode & 0o777).toBe(0o600);
    expect(JSON.stringify(document)).not.toMatch(/privateD|"d"/);
  });

  it("keeps listing the old key after a rotation, with the new one", async () => {
    const rotated = await processSigningKeys().rotate();
    const document = await (await fetchDidJson()).json();
    expect(document.assertionMethod).toHaveLength(2);
    expect(document.assertionMethod[1]).toBe(`did:web:umbra.example#${rotated.keyId}`);
  });

  it("answers 503 with a sentence, and nothing of the file, when the key file is damaged", async () => {
    const file = processSigningKeys().file;
    const kept = fs.readFileSync(file, "utf8");
    fs.writeFileSync(file, kept.slice(0, 200));
    try {
      const answer = await fetchDidJson();
      expect(answer.status).toBe(503);
      const body = await answer.text();
      expect(JSON.parse(body)).toEqual({ message: "The studio's keys cannot be read just now; try again later." });
    } finally {
      fs.writeFileSync(file, kept);
    }
  });
});
