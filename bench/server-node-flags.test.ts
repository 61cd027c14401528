import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { serverNodeFlags } from "./server-node-flags.ts";

describe("the server's V8 flags", () => {
  it("npm start keeps V8's young generation small (docs/decisions/047)", () => {
    expect(serverNodeFlags()).toContain("--max-semi-space-size=4");
  });

  it("npm start keeps the embedded database's WebAssembly in baseline code (docs/decisions/055)", () => {
    expect(serverNodeFlags()).toContain("--liftoff-only");
  });

  it("the systemd unit starts the server with the same flags as npm start", () => {
    const unit = fs.readFileSync(path.resolve(import.meta.dirname, "..", "deploy", "umbra@.service"), "utf8");
    const execStart = /^ExecStart=(.*)$/m.exec(unit)?.[1];
    expect(execStart).toBe(["/usr/bin/node", ...serverNodeFlags(), "server.js"].join(" "));
  });
});
