import { createContext } from "react-router";

/** The client's address as Express sees it (req.ip), for per-IP rate limits. */
export const clientIpContext = createContext<string>("unknown");
