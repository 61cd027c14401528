/** How the viewing-room screens name a room's and a link's state. */
export const roomStateLabels = { open: "Open", closed: "Closed", expired: "Expired" } as const;
export const linkStateLabels = { active: "In use", revoked: "Revoked", expired: "Expired" } as const;
