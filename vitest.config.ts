import { defineConfig } from "vitest/config";
import { imageOriginalsPlugin } from "./app/images/originals-vite-plugin.ts";
import { contentPlugin } from "./server/content-vite-plugin.ts";
import { inlineScriptPlugin } from "./server/inline-script-vite-plugin.ts";

// Unit and component tests sit next to the code (`*.test.ts(x)`); browser tests live in tests/,
// and tests of the built server's process that need no browser in tests/process/.
export default defineConfig({
  plugins: [imageOriginalsPlugin(), contentPlugin(), inlineScriptPlugin()],
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "server/**/*.test.{ts,tsx}",
      "scripts/**/*.test.{ts,tsx}",
      "bench/**/*.test.{ts,tsx}",
      // Tests of the built server as a process that need no browser (`npm run build` first).
      "tests/process/**/*.test.ts",
    ],
    environment: "node",
    // Three files at once: most files wait on a database, a child process or a socket, and two
    // left the cores idle (191 -> 167 s here, issue 38). The embedded databases are copies of
    // one migrated template (globalSetup), so their start-ups no longer starve each other.
    maxWorkers: 3,
    // A worker runs file after file in one process instead of a new process per file: each file
    // then loads only the app's modules, not every package again (issue 38; the import time of a
    // run 212 -> 59 s). vitest.setup.ts gives each file fresh app modules, its own process.env and
    // none of the process-wide values an earlier file left.
    isolate: false,
    // Per-file durations for `.ci/run`'s slowest-files list.
    reporters: ["default", "json"],
    outputFile: { json: "test-durations/vitest.json" },
    setupFiles: ["./vitest.setup.ts"],
    // One migrated embedded database per run, copied by the tests that need a fresh one.
    globalSetup: ["./tests/support/vitest-pglite-template.ts"],
    css: { modules: { classNameStrategy: "non-scoped" } },
    // PGlite takes seconds to open, more on a busy 2-core machine.
    hookTimeout: 60_000,
    testTimeout: 30_000,
  },
});
