import type { ArtworkCard } from "#app/catalogue/artwork-list.ts";
import type { EditionAvailability } from "./edition-availability.server.ts";

/** The gallery's cards with each one's edition line, for the works that have an edition. */
export function withEditionLines<View extends { cards: ArtworkCard[] }>(
  view: View,
  availability: EditionAvailability,
): View {
  return {
    ...view,
    cards: view.cards.map((card) => {
      const line = availability.publicEdition(card.slug)?.line;
      return line ? { ...card, edition: line } : card;
    }),
  };
}
