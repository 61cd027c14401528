import type { Config } from "@react-router/dev/config";
import { prerenderPaths } from "./app/content/prerender-paths.ts";

export default {
  ssr: true,
  // Static pages are rendered to HTML at build time; the server answers them from disk.
  prerender: prerenderPaths,
  // React Router v8 behaviour now (docs: reactrouter.com/v7/upgrading/future).
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
