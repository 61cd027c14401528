import { createContext, useContext } from "react";

/** The nonce this render's scripts carry (entry.server.tsx provides it; none in the browser). */
export const ScriptNonceContext = createContext<string | undefined>(undefined);

/**
 * A script written into the page itself, so it runs as the HTML is read, with no request of its
 * own. The page's policy allows it by hash (prerendered) or by nonce (rendered per request).
 * React never runs a script it inserts itself, so on a client-side navigation this is inert.
 */
export function InlineScript({ code }: { code: string }) {
  const nonce = useContext(ScriptNonceContext);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the app's own code, from one of its files
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: code }} />;
}
