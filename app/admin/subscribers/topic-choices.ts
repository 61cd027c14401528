import type { Catalogue } from "#app/catalogue/catalogue.ts";

/** A series or a work the studio may open a topic for, as the form's choice names it. */
export interface TopicChoice {
  /** `series:Icaro` or `work:<slug>`: the form's value. */
  value: string;
  kind: "series" | "work";
  /** The series' name or the work's slug, as the service keys the topic. */
  target: string;
  /** What the choice reads as: the series' name, or the work's title and year. */
  name: string;
  /** The label visitors read when the studio writes none. */
  defaultLabel: string;
}

/** The label a topic gets unless the studio writes another (issue 41's wording). */
export function defaultTopicLabel(kind: "series" | "work", name: string): string {
  return kind === "work" ? `Notify me when a print of ${name} is available` : `${name} prints`;
}

/** Every series, then every work (hidden ones too: a print may come back before the page does). */
export function topicChoices(catalogue: Pick<Catalogue, "artworks">): { series: TopicChoice[]; works: TopicChoice[] } {
  const seriesNames = [...new Set(catalogue.artworks.map((work) => work.series).filter(Boolean))];
  return {
    series: seriesNames.map((name) => ({
      value: `series:${name}`,
      kind: "series",
      target: name,
      name,
      defaultLabel: defaultTopicLabel("series", name),
    })),
    works: catalogue.artworks.map((work) => ({
      value: `work:${work.slug}`,
      kind: "work",
      target: work.slug,
      name: work.year ? `${work.title} (${work.year})` : work.title,
      defaultLabel: defaultTopicLabel("work", work.title),
    })),
  };
}
