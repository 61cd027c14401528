import net from "node:net";
import { createContext } from "react-router";

/** The client's address for per-address rate limits (see rateLimitAddress). */
export const clientIpContext = createContext<string>("unknown");

/**
 * The address a client's per-address limits are counted under: req.ip (which honours
 * TRUST_PROXY), with IPv4-mapped IPv6 unwrapped, and IPv6 cut to its /64, since one
 * household or server is routinely given a whole /64 to rotate through.
 */
export function rateLimitAddress(ip: string | undefined): string {
  if (!ip) return "unknown";
  const unwrapped = ip.startsWith("::ffff:") && net.isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
  if (!net.isIPv6(unwrapped)) return unwrapped;
  const [head = "", tail = ""] = unwrapped.split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const groups = unwrapped.includes("::")
    ? [...headGroups, ...Array(8 - headGroups.length - tailGroups.length).fill("0"), ...tailGroups]
    : headGroups;
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(":")}::/64`;
}
