import { createContext } from "react-router";
import type { QuoteEventHub } from "./quote-event-hub.server.ts";

/** This process's live-update hub, set in server/app.ts next to the database. */
export const quoteEventsContext = createContext<QuoteEventHub>();
