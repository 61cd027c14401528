import type { StandInKind } from "#app/images/stand-in-kinds.ts";
import { artworkStandIn } from "./artwork-stand-in.server.ts";
import { installationStandIn } from "./installation-stand-in.server.ts";
import { landscapeStandIn } from "./landscape-stand-in.server.ts";
import { logoStandIn } from "./logo-stand-in.server.ts";
import { objectStandIn } from "./object-stand-in.server.ts";
import { portraitStandIn } from "./portrait-stand-in.server.ts";
import { studioStandIn } from "./studio-stand-in.server.ts";
import type { StandInOptions } from "./svg-document.server.ts";

export type { StandInOptions };

const generators: Record<StandInKind, (options: StandInOptions) => string> = {
  artwork: artworkStandIn,
  installation: installationStandIn,
  studio: studioStandIn,
  portrait: portraitStandIn,
  logo: logoStandIn,
  object: objectStandIn,
  landscape: landscapeStandIn,
};

/** The SVG stand-in of an image without a real original, drawn by its kind's generator. */
export function standInSvg(kind: StandInKind, options: StandInOptions): string {
  return generators[kind](options);
}
