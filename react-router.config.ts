import fs from "node:fs";
import path from "node:path";
import type { Config } from "@react-router/dev/config";
import { prerenderPaths } from "./app/content/prerender-paths.ts";
import { PRERENDER_SCRIPT_NONCE_FILE, startPrerenderScriptNonce } from "./app/security/prerender-script-nonce.ts";

export default {
  ssr: true,
  // Static pages are rendered to HTML at build time; the server answers them from disk.
  prerender: () => {
    // The marker entry.server puts on the app's own inline scripts in these pages (decision 029).
    startPrerenderScriptNonce();
    return prerenderPaths();
  },
  // The server and the nginx export read the marker here, after the pages are written. It needs
  // no secrecy from now on: content can no longer reach pages that are already written.
  buildEnd({ reactRouterConfig }) {
    const file = path.join(reactRouterConfig.buildDirectory, "server", PRERENDER_SCRIPT_NONCE_FILE);
    fs.writeFileSync(file, startPrerenderScriptNonce());
  },
  // React Router v8 behaviour now (docs: reactrouter.com/v7/upgrading/future).
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
