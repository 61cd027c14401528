/**
 * Stand-in quotes written for this project, so a fresh install has a living quote wall. Each
 * has a stable key (stored as source_post_id) so seeding twice never duplicates anything.
 * Dates run from 2013 to 2025; `public` marks the ones shown on /quotes from the start.
 */
export interface SeedQuote {
  key: string;
  text: string;
  createdAt: string;
  public: boolean;
}

const raw: Array<[string, string, boolean]> = [
  ["2013-02-11T21:14:00Z", "Started painting at night again. The dark makes the colours honest.", true],
  ["2013-06-03T09:40:00Z", "No name on the canvas. Let the work introduce itself.", true],
  ["2013-09-18T23:05:00Z", "A leaf under a microscope is a cathedral nobody built.", false],
  ["2014-01-07T18:22:00Z", "Mixed a green today that I have only ever seen with my eyes closed.", true],
  ["2014-04-29T07:51:00Z", "The studio smells of linseed and wet soil. Both are working.", false],
  ["2014-08-15T20:30:00Z", "Every vine knows where the light is without being told.", true],
  ["2014-12-02T16:10:00Z", "Threw out a month of sketches. The forest keeps no drafts either.", false],
  ["2015-03-21T22:45:00Z", "Spring equinox. Painted the same seed pod nine times until it painted back.", true],
  ["2015-07-09T11:02:00Z", "Anonymity is not hiding. It is making room.", true],
  ["2015-10-30T19:37:00Z", "Some patterns only appear when you stop trying to see them.", false],
  ["2016-02-14T08:15:00Z", "Gold leaf is just patience you can hold.", false],
  ["2016-05-26T21:58:00Z", "The brush goes slower than thought. That is the point of it.", true],
  ["2016-09-12T13:20:00Z", "Read about mycelium all afternoon. We are all connected underground.", false],
  ["2017-01-19T23:40:00Z", "Painted until the birds started. Lost track of which world I was in.", true],
  ["2017-04-03T10:05:00Z", "A painting is finished when it stops asking me questions.", false],
  ["2017-08-22T17:44:00Z", "Tried to draw a sound today. Came close.", true],
  ["2017-11-28T20:12:00Z", "Every culture has a story about a plant that teaches. I keep listening.", false],
  ["2018-03-08T09:33:00Z", "Stretched six new canvases. Each one already feels like a door.", false],
  ["2018-06-17T22:26:00Z", "The eye wants symmetry. The spirit wants the small flaw in it.", true],
  ["2018-10-05T15:49:00Z", "Quit the lecture hall, kept the questions.", false],
  ["2019-01-24T21:03:00Z", "Colour is the only language I never had to translate.", true],
  ["2019-05-11T06:58:00Z", "Woke from a dream of a blue serpent. Spent the day finding its blue.", false],
  ["2019-08-30T18:40:00Z", "Fewer words, more layers.", false],
  ["2019-12-14T23:55:00Z", "Ending the decade with paint under every fingernail. Good.", true],
  ["2020-03-27T12:12:00Z", "The world went quiet, so the paintings got louder.", true],
  ["2020-06-06T20:20:00Z", "Watering the plants is part of the practice. So is waiting.", false],
  ["2020-09-19T16:35:00Z", "Made a tiny work for every day I could not go outside.", false],
  ["2020-12-31T23:30:00Z", "Whatever this year took, it left the colours.", true],
  ["2021-02-16T10:48:00Z", "Back to the big canvases. The return is always to the same questions.", false],
  ["2021-05-04T19:14:00Z", "A vision is not a picture. It is an instruction.", true],
  ["2021-08-23T08:02:00Z", "Someone asked who I am. I showed them the painting instead.", false],
  ["2021-11-09T21:41:00Z", "The returning series is nearly done. It feels like coming home older.", false],
  ["2022-01-30T14:27:00Z", "Minted a work today. The chain remembers so that I can forget.", true],
  ["2022-04-18T22:09:00Z", "Ink, water, waiting. Most of painting is waiting.", false],
  ["2022-07-07T17:53:00Z", "The most exotic thing in the jungle is silence.", false],
  ["2022-10-25T09:19:00Z", "Ten thousand dots to make one shimmer. Worth every one.", true],
  ["2023-02-09T20:46:00Z", "Signed the token for a piece heading to auction. Strange to let it go.", false],
  ["2023-03-04T18:30:00Z", "Sold at auction in Hong Kong tonight. Thank you to everyone who stayed up.", true],
  ["2023-05-15T11:11:00Z", "New series: visions that arrived before I had words for them.", false],
  ["2023-07-28T23:18:00Z", "Painting in the heat. The pigments dry before the doubt does.", false],
  ["2023-09-10T15:05:00Z", "Building a room where no one can see me and everyone can talk to me.", true],
  ["2023-12-08T21:37:00Z", "Five days in the chamber. Hundreds of voices. Not one face.", true],
  ["2024-01-16T07:24:00Z", "Rested for a month. The hands remember before the mind does.", false],
  ["2024-03-02T19:50:00Z", "Twelve canvases, two metres wide each. The studio has no floor left.", false],
  ["2024-05-09T22:02:00Z", "Secrets opens in London this week. Every painting keeps one.", true],
  ["2024-05-23T10:40:00Z", "Nine of twelve found homes before the doors opened. Speechless.", false],
  ["2024-07-14T16:16:00Z", "The catalogue is printed. Eighty pages of things I could not say aloud.", true],
  ["2024-09-01T20:58:00Z", "A collector wrote to say a painting changed their mornings. That is the job.", false],
  ["2024-10-19T13:33:00Z", "Packing brushes for the river. Leaving the phone behind.", true],
  ["2024-11-27T08:08:00Z", "In the Amazon the night is a choir. I am learning the parts.", false],
  ["2024-12-20T18:45:00Z", "Twelve weeks of dieta. Twelve songs. One long drawing.", false],
  ["2025-01-12T21:21:00Z", "Home from Peru. The diaries are longer than the paintings so far.", true],
  ["2025-02-03T09:55:00Z", "Every icaro has a pattern. I am trying to paint the pattern, not the song.", false],
  ["2025-03-17T22:12:00Z", "First Icaro print proofed on cotton rag. The green finally sits right.", true],
  ["2025-04-08T12:30:00Z", "A new partnership with people who take visions seriously. Grateful.", true],
  ["2025-05-21T19:06:00Z", "Half the Icaro series already spoken for. The rest is still growing.", false],
  ["2025-06-30T23:44:00Z", "Thirteen years without a face. The work has become the face.", true],
  ["2025-08-12T07:37:00Z", "Morning light on a wet canvas: the only notification I answer.", false],
  ["2025-09-25T17:59:00Z", "Plants do not rush and they still cover the earth.", true],
  ["2025-10-14T20:24:00Z", "Some days the painting is a prayer. Some days it is just Tuesday.", false],
];

export const seedQuotes: SeedQuote[] = raw.map(([createdAt, text, isPublic], index) => ({
  key: `seed-${String(index + 1).padStart(3, "0")}`,
  text,
  createdAt,
  public: isPublic,
}));
