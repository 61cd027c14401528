import { pageImage } from "../page-image-lookup";

export const partnershipContent = {
  logo: pageImage("partnership", "icva-logo"),
  paragraphs: [
    "In April 2025 Umbra entered a partnership with the Institute of Contemporary Visionary Art. The institute studies and shows art that comes from altered, contemplative and ceremonial states, and it will hold the archive of the artist's field diaries, drawings and recordings.",
    "Over the coming years the partnership will bring the Icaro series to the institute's galleries, support a programme of talks on plant-based practice, and open the archive to researchers by appointment.",
  ],
} as const;
