import type { Logger } from "pino";
import { createContext } from "react-router";

/** The process's logger, set by the composition root (server/router-context.ts). */
export const loggerContext = createContext<Logger>();
