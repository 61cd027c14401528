/**
 * The one place for the values a page shows about the artist and the studio. Pages read these
 * rather than repeating literals, so a deployment can rebrand by editing one file.
 */
export const siteConfig = {
  brand: "Umbra",
  tagline: "Visionary works from the shade",
  description:
    "Umbra is an anonymous Australian visionary artist. Paintings, prints and on-chain originals, exhibitions, writing and the artist's own words.",
  logo: { src: "/logo.svg", width: 150, height: 40 },
  social: {
    instagram: { label: "Instagram", handle: "@umbra.studio", url: "https://www.instagram.com/umbra.studio" },
    x: { label: "X", handle: "@umbra_studio", url: "https://x.com/umbra_studio" },
  },
  contact: {
    assistantDirector: { name: "Marguerite Okonkwo-Hale", role: "Assistant Director, Umbra Studio" },
    email: "studio@umbra.example",
  },
  prices: {
    limitedEditionPrints: { from: 1000, currency: "USD" },
    originalPaintings: { from: 5000, currency: "USD" },
    customCommissions: { from: null, currency: "USD" },
  },
  printSize: "78 x 55in (200 x 140cm)",
} as const;

export type SiteConfig = typeof siteConfig;
