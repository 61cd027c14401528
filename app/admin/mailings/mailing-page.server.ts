import { pickerImages } from "#app/admin/content-picker/picker-images.server.ts";
import type { PickerImage } from "#app/admin/content-picker/picker-images.ts";
import type { Catalogue } from "#app/catalogue/catalogue.ts";
import { publicOrigin } from "#app/config/public-origin.server.ts";
import type { ContentStore } from "#app/content/content-store.server.ts";
import type { AppDatabase } from "#app/db/database.server.ts";
import { fallbackFormat, imageUrl } from "#app/images/image-catalog.ts";
import { imageInfo } from "#app/images/image-info.server.ts";
import { mailingProgress } from "#app/mailings/mailing-progress.server.ts";
import { mailingById, topicLabels } from "#app/mailings/mailing-records.server.ts";
import { renderMailing } from "#app/mailings/mailing-render.server.ts";
import { recipientsOf, topicCounts } from "#app/subscriptions/subscriber-records.server.ts";
import { type MailingDone, mailingDone } from "./mailing-actions.server.ts";

/** The works' pictures first (what a mailing most often shows), then the site's page images. */
function mailingImages(catalogue: Catalogue, content: ContentStore): PickerImage[] {
  const works = catalogue.artworks.map((work) => {
    const info = imageInfo("artworks", work.imageLarge);
    return {
      value: `artworks/${work.imageLarge}`,
      collection: "artworks",
      name: work.imageLarge,
      alt: work.title,
      thumbnail: imageUrl(info, info.widths[0] ?? 400, fallbackFormat(info)),
      aspect: info.width / info.height,
    };
  });
  return [...works, ...pickerImages(content)];
}

/** Everything the mailing's editor shows: the words, the topics with who they reach, the preview, the progress. */
export async function readMailingPage(db: AppDatabase, id: number, content: ContentStore, url: URL) {
  const mailing = await mailingById(db, id);
  const topics = await topicCounts(db);
  const labels = await topicLabels(db, mailing.topicKeys);
  // The preview's way-out link is a stand-in: each reader's own is made when their copy is sent.
  const preview = renderMailing(mailing, labels, `${publicOrigin()}/subscribe/manage/…`);
  const done = url.searchParams.get("done");
  return {
    mailing: {
      id: mailing.id,
      subject: mailing.subject,
      body: mailing.body,
      topicKeys: mailing.topicKeys,
      status: mailing.status,
      webNoindex: mailing.webNoindex,
      scheduledFor: mailing.scheduledFor?.toISOString() ?? null,
      testSentAt: mailing.testSentAt?.toISOString() ?? null,
      sendingAt: mailing.sendingAt?.toISOString() ?? null,
      webAddress: `/mailings/${mailing.webSlug}`,
    },
    topics: topics.map(({ key, label, confirmed }) => ({ key, label, confirmed })),
    // Who a press of Send reaches now: the topics' confirmed subscribers, each once.
    reach:
      mailing.status === "draft" || mailing.status === "scheduled"
        ? (await recipientsOf(db, mailing.topicKeys)).length
        : 0,
    preview,
    progress: await mailingProgress(db, mailing),
    images: mailingImages(content.catalogueWithHidden(), content),
    done: done && done in mailingDone ? mailingDone[done as MailingDone] : "",
  };
}
