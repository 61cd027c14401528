import { describe, expect, it } from "vitest";
import { scriptLoadingFor } from "./page-scripts.tsx";

describe("scriptLoadingFor", () => {
  it("hydrates eagerly when no route says otherwise, so a new route keeps its behaviour", () => {
    expect(scriptLoadingFor([{ handle: undefined }, { handle: {} }])).toBe("eager");
  });

  it("lets the deepest route that says decide", () => {
    expect(scriptLoadingFor([{ handle: { scripts: "eager" } }, { handle: { scripts: "none" } }])).toBe("none");
    expect(scriptLoadingFor([{ handle: { scripts: "deferred" } }, { handle: undefined }])).toBe("deferred");
  });
});
