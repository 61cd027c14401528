import { createContext } from "react-router";

/** The per-request CSP nonce (set by server/security-headers.ts), read by entry.server. */
export const cspNonceContext = createContext<string | undefined>(undefined);
