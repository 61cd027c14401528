import { siteConfig } from "#app/content/site-config.ts";

/** The feed's title, shared by the feed and the link to it in every page's head. */
export const FEED_TITLE = `${siteConfig.brand}: articles and interviews`;
