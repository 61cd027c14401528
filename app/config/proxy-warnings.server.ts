import net from "node:net";
import type { Env } from "./env.server.ts";

/** Whether only this machine can reach a server bound to `host`. */
function loopbackOnly(host: string): boolean {
  if (host === "localhost") return true;
  if (net.isIPv4(host)) return host.startsWith("127.");
  return host === "::1";
}

/**
 * Proxy settings that start but cannot work as meant (decision 030), each as one line a person
 * can act on. Logged as warnings at start; none stops the server, since a container may bind
 * 0.0.0.0 behind a proxy whose address changes and keep its port private by other means.
 */
export function proxySettingWarnings(env: Pick<Env, "PUBLIC_URL" | "TRUST_PROXY" | "HOST">): string[] {
  const warnings: string[] = [];
  // The app speaks plain http only, so an https site has a proxy in front that it must believe.
  if (env.PUBLIC_URL?.startsWith("https:") && env.TRUST_PROXY === false) {
    warnings.push(
      `PUBLIC_URL is ${env.PUBLIC_URL} but TRUST_PROXY is unset: the HTTPS proxy in front is not believed, so every sign-in form is refused (this server sees http, the page was https) and all visitors share the proxy's sign-in limit. Set TRUST_PROXY to the proxy's address, e.g. TRUST_PROXY=127.0.0.1 for nginx on this machine.`,
    );
  }
  if (typeof env.TRUST_PROXY === "number" && !loopbackOnly(env.HOST)) {
    warnings.push(
      `TRUST_PROXY=${env.TRUST_PROXY} is a hop count and HOST=${env.HOST} lets other machines reach this port directly: anyone connecting to it can write their own X-Forwarded-For and escape the per-address sign-in limit. Set TRUST_PROXY to the proxy's address (e.g. 127.0.0.1), or HOST=127.0.0.1 when the proxy is on this machine.`,
    );
  }
  return warnings;
}
