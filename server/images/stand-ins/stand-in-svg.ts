import type { StandInKind } from "#app/images/stand-in-kinds.ts";
import { artworkStandIn } from "./artwork-stand-in.ts";
import { installationStandIn } from "./installation-stand-in.ts";
import { landscapeStandIn } from "./landscape-stand-in.ts";
import { logoStandIn } from "./logo-stand-in.ts";
import { objectStandIn } from "./object-stand-in.ts";
import { portraitStandIn } from "./portrait-stand-in.ts";
import { studioStandIn } from "./studio-stand-in.ts";
import type { StandInOptions } from "./svg-document.ts";

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
