import { createContext } from "react-router";
import type { Database } from "./database.server.ts";

/**
 * The open database, set once per request in server/app.ts (getLoadContext). Loaders and
 * actions read it with `context.get(databaseContext)`.
 */
export const databaseContext = createContext<Database>();
