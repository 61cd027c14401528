import { createContext } from "react-router";
import type { AdminEventHub } from "./admin-event-hub.server.ts";

/** This process's studio event streams (quotes and enquiries), set in server/router-context.ts next to the database. */
export const adminEventsContext = createContext<AdminEventHub>();
