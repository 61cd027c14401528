import type { Config } from "@react-router/dev/config";
import { prerenderPaths } from "./app/content/prerender-paths";

export default {
  ssr: true,
  // Static pages are rendered to HTML at build time; the server answers them from disk.
  prerender: prerenderPaths,
  future: { v8_middleware: true },
} satisfies Config;
