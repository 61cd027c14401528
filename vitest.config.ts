import { defineConfig } from "vitest/config";

// Unit and component tests sit next to the code (`*.test.ts(x)`); browser tests live in tests/.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.{ts,tsx}", "scripts/**/*.test.{ts,tsx}"],
    environment: "node",
    setupFiles: ["./vitest.setup.ts"],
    css: { modules: { classNameStrategy: "non-scoped" } },
  },
});
