import path from "node:path";
import type { Logger } from "pino";
import { bootstrapAdmin } from "#app/auth/bootstrap-admin.server.ts";
import { passwordResetComposer } from "#app/auth/password-reset-request.server.ts";
import { certificateMailComposer } from "#app/certificates/certificate-mail.server.ts";
import { workImages } from "#app/certificates/work-image.server.ts";
import { type Env, getEnv } from "#app/config/env.server.ts";
import { contentIsEmpty, importIfEmpty } from "#app/content/content-documents.server.ts";
import {
  bundledDocuments,
  bundledFingerprint,
  type ContentStore,
  processContentStore,
} from "#app/content/content-store.server.ts";
import { ContentSync } from "#app/content/content-sync.server.ts";
import { ContentTrashUpkeep } from "#app/content/content-trash-upkeep.server.ts";
import { followPublishedSettings } from "#app/content/site-settings.server.ts";
import { ContentError } from "#app/content-files/content-files.server.ts";
import { type Database, openDatabase } from "#app/db/database.server.ts";
import { isDatabaseUnreachable, outageReason } from "#app/db/database-unreachable.server.ts";
import { EditionAvailability } from "#app/editions/edition-availability.server.ts";
import { MAIL_KIND_RULES, mailDelivery } from "#app/email/mail-delivery.server.ts";
import { MailSender } from "#app/email/mail-sender.server.ts";
import { EnquiryEventRelay } from "#app/enquiries/enquiry-events.server.ts";
import { EnquiryRetention } from "#app/enquiries/enquiry-retention.server.ts";
import { removeForgottenOutboxFiles } from "#app/enquiries/forgotten-mail-files.server.ts";
import { mailingComposer, mailingTestComposer } from "#app/mailings/mailing-mail.server.ts";
import { MailingScheduler } from "#app/mailings/mailing-scheduler.server.ts";
import { MAILING_KIND, MAILING_TEST_KIND } from "#app/mailings/mailing-sending.server.ts";
import { diskFullLine, isDiskFull } from "#app/observability/disk-full.ts";
import { getLogger } from "#app/observability/logger.server.ts";
import { PublicQuoteCache } from "#app/quotes/public-quote-cache.server.ts";
import { seedQuotesIfEmpty } from "#app/quotes/seed.server.ts";
import { AdminEventHub } from "#app/realtime/admin-event-hub.server.ts";
import { CONFIRMATION_KIND, confirmationComposer } from "#app/subscriptions/confirmation-mail.server.ts";
import { SubscriptionService } from "#app/subscriptions/subscription-service.server.ts";
import { UnconfirmedSubscribersSweep } from "#app/subscriptions/unconfirmed-sweep.server.ts";
import { loadUploadedOriginals } from "#app/uploads/image-originals.server.ts";
import { processOriginalStore } from "#app/uploads/original-store.server.ts";
import { UnnamedFilesUpkeep } from "#app/uploads/unnamed-files-upkeep.server.ts";
import { processUploadedOriginals } from "#app/uploads/uploaded-originals.ts";
import type { CataloguePdfRebuilds } from "#server/catalogue-pdf/catalogue-pdf-rebuilds.ts";
import { cataloguePdfRebuilds } from "#server/catalogue-pdf/catalogue-pdf-service.ts";

/**
 * Everything a request may need that lives as long as the process. Built once, at start-up,
 * by createServices, and handed to routes through the router context (router-context.ts).
 */
export interface Services {
  env: Env;
  logger: Logger;
  /** Migrated and seeded. */
  database: Database;
  /** The studio's live event streams: quote changes and the enquiry inbox's (decision 066). */
  adminEvents: AdminEventHub;
  publicQuotes: PublicQuoteCache;
  /** Sends the outgoing mail every process shares (decision 028). */
  mailSender: MailSender;
  /** The enquiry inbox's live changes (on the admin event hub) and its retention sweep (issue 21). */
  enquiryEvents: EnquiryEventRelay;
  enquiryRetention: EnquiryRetention;
  /** Removes uploaded exhibition files nothing names, a day after their upload (decision 051). */
  unnamedFiles: UnnamedFilesUpkeep;
  contentTrash: ContentTrashUpkeep;
  /** Forgets addresses that asked to subscribe and never confirmed, 30 days on (issue 41). */
  unconfirmedSubscribers: UnconfirmedSubscribersSweep;
  /** The site's content; every public page reads it through its loader (decision 038). */
  content: ContentStore;
  /** Keeps `content` on the database's published content, on every process (decision 039). */
  contentSync: ContentSync;
  /** The catalogue PDF, rebuilt in a child process when what it prints is published (decision 044). */
  cataloguePdf: CataloguePdfRebuilds;
  /** Every work's edition availability for the public pages, live on every process (decision 076). */
  editionAvailability: EditionAvailability;
  /** Subscriptions by topic: sign-ups, links, the studio's list; the open topics in memory (issue 41). */
  subscriptions: SubscriptionService;
  /** Sends scheduled mailings when they fall due, on every process, each once (issue 41). */
  mailingScheduler: MailingScheduler;
}

/** A start-up step failed; its message names the problem for the person starting the server. */
export class StartupError extends Error {
  override name = "StartupError";
}

/**
 * The composition root: validated environment (throws ConfigError), logger, database (opened,
 * migrated, seeded), the ADMIN_EMAIL admin, the live-update hub feeding the public quote
 * cache, and the mail sender, in that order. On a failure whatever was opened is closed again.
 */
export async function createServices(): Promise<Services> {
  const env = getEnv();
  const logger = getLogger();
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    afterMigrate: async (db) => {
      await seedQuotesIfEmpty(db);
    },
  }).catch((error: Error) => {
    throw new StartupError(startupMessage(error, env), { cause: error });
  });
  try {
    // Sign-in, reset mail and enquiry mail name the published brand and address, not the files'.
    followPublishedSettings(() => processContentStore().siteSettings());
    await bootstrapAdmin(database, env, logger);
    const publicQuotes = new PublicQuoteCache();
    const adminEvents = await startAdminEvents(database, publicQuotes, logger);
    const mailSender = new MailSender(database, {
      delivery: startupStep("Mail signing", () => mailDelivery(env, logger)),
      logger,
      // A mailing's copies: paced at MAIL_RATE_PER_MINUTE, never sent twice (issue 41).
      kinds: MAIL_KIND_RULES,
      ratePerMinute: env.MAIL_RATE_PER_MINUTE,
      composers: {
        "password-reset": passwordResetComposer(database),
        // A certificate's PDF and signed file are made when its mail is sent (issue 40).
        certificate: certificateMailComposer({
          db: database.db,
          catalogue: () => processContentStore().catalogueWithHidden(),
          images: workImages(),
        }),
        // A subscription's confirmation link is made when its mail is sent (issue 41).
        [CONFIRMATION_KIND]: confirmationComposer(database.db),
        // A mailing's copy carries its reader's own unsubscribe link, made when it is sent (issue 41).
        [MAILING_KIND]: mailingComposer(database.db),
        [MAILING_TEST_KIND]: mailingTestComposer(database.db),
      },
    });
    await started("Mail sender", mailSender.start());
    const enquiryEvents = new EnquiryEventRelay(database, adminEvents, {
      onError: (error) =>
        isDatabaseUnreachable(error)
          ? logger.warn({ reason: outageReason(error) }, "enquiry updates: database unavailable")
          : logger.error({ err: error }, "enquiry updates failed"),
    });
    await started("Enquiry updates", enquiryEvents.start());
    const editionAvailability = new EditionAvailability(database, {
      onError: (error) =>
        isDatabaseUnreachable(error)
          ? logger.warn({ reason: outageReason(error) }, "edition availability: database unavailable, last known kept")
          : logger.error({ err: error }, "reading edition availability failed"),
    });
    await started("Edition availability", editionAvailability.start());
    const subscriptions = new SubscriptionService(database, {
      onError: (error) => logger.warn({ err: error }, "reading the subscription topics failed; the last known kept"),
    });
    await started("Subscriptions", subscriptions.start());
    const mailingScheduler = new MailingScheduler(database, {
      onSent: (id, recipients) => logger.info({ mailingId: id, recipients }, "scheduled mailing sent"),
      onError: (error) => logger.warn({ err: error }, "sending the scheduled mailings failed; tried again shortly"),
    });
    mailingScheduler.start();
    const { content, contentSync, cataloguePdf } = await startContent(database, env, logger);
    return {
      env,
      logger,
      database,
      adminEvents,
      publicQuotes,
      mailSender,
      enquiryEvents,
      ...startUpkeep(database, env, content, logger),
      content,
      contentSync,
      cataloguePdf,
      editionAvailability,
      subscriptions,
      mailingScheduler,
    };
  } catch (error) {
    await database.close().catch(() => {});
    if (isDiskFull(error)) throw new StartupError(startupMessage(error, env), { cause: error });
    throw error;
  }
}

/**
 * Stops what works in the background, the mail sender and the database aside: the upkeep
 * sweeps, the listeners and the catalogue PDF's child process. The server's shutdown stops the
 * mail sender beside them and closes the database last (runtime.ts).
 */
export async function stopBackgroundServices(services: Services): Promise<void> {
  await services.enquiryRetention.stop();
  await services.unnamedFiles.stop();
  await services.contentTrash.stop();
  await services.unconfirmedSubscribers.stop();
  await services.enquiryEvents.stop();
  await services.editionAvailability.stop();
  await services.mailingScheduler.stop();
  await services.subscriptions.stop();
  await services.contentSync.stop();
  services.cataloguePdf.stop();
  await services.adminEvents.stop();
}

/** Stops every service, then closes the database: the whole stop of services no server holds (tests). */
export async function stopServices(services: Services): Promise<void> {
  const mailStopped = services.mailSender.stop();
  await stopBackgroundServices(services);
  await mailStopped;
  await services.database.close();
}

/** One line: a full disk names ENOSPC, the place and what to do (the error itself may name no file). */
function startupMessage(error: unknown, env: Env): string {
  return isDiskFull(error) ? diskFullLine(error, path.resolve(env.DATA_DIR)) : (error as Error).message;
}

/** A start-up step done at once; its failure becomes a StartupError naming it. */
function startupStep<T>(name: string, step: () => T): T {
  try {
    return step();
  } catch (error) {
    throw new StartupError(`${name}: ${(error as Error).message}`, { cause: error });
  }
}

/** Waits for a service's start; its failure becomes a StartupError naming the service. */
async function started(name: string, start: Promise<unknown>): Promise<void> {
  await start.catch((error: Error) => {
    throw new StartupError(`${name}: ${error.message}`, { cause: error });
  });
}

/** The studio's live event streams, LISTENing for quote changes and emptying the public quote cache on each. */
async function startAdminEvents(database: Database, publicQuotes: PublicQuoteCache, logger: Logger) {
  const adminEvents = new AdminEventHub(database, {
    onError: (error) =>
      isDatabaseUnreachable(error)
        ? logger.warn({ reason: outageReason(error) }, "live updates: database unavailable")
        : logger.error({ err: error }, "live updates failed"),
    // What an operator sees of a PostgreSQL outage (decision 027).
    onConnection: (state) =>
      state === "lost"
        ? logger.warn("database connection lost: public quotes answered from memory, the rest 503 until it is back")
        : logger.info("database connection back: public quotes read afresh"),
  });
  adminEvents.onChange(publicQuotes);
  await started("Live updates", adminEvents.start());
  return adminEvents;
}

/**
 * The site's content: the build's documents on a first start, then the database's (decision
 * 039), with the uploaded originals and the catalogue PDF's rebuilds following it.
 */
async function startContent(database: Database, env: Env, logger: Logger) {
  const content = processContentStore();
  // The build's documents are read here only when there is nothing yet (a new PostgreSQL
  // database; a new data folder starts from the build's database, which has them: decision 050).
  if (await contentIsEmpty(database.db)) {
    const build = bundledDocuments();
    if (await importIfEmpty(database.db, build)) logger.info({ documents: build.all().size }, "content imported");
  }
  const uploaded = processUploadedOriginals();
  const cataloguePdf = cataloguePdfRebuilds({ dataDir: env.DATA_DIR, content, logger });
  const contentSync: ContentSync = new ContentSync(database, content, {
    buildFingerprint: bundledFingerprint(),
    // Uploaded originals bump the content version too: loaded with it (decision 041).
    alsoLoad: async (db) => {
      uploaded.replace(await loadUploadedOriginals(db));
      return { matchesBuild: uploaded.all().length === 0 };
    },
    onReload: (version, ms) => {
      logger.info({ version, ms }, "content reloaded");
      cataloguePdf.want(contentSync.servesBuild);
    },
    onError: (error) =>
      error instanceof ContentError
        ? logger.error({ problems: error.message.split("\n") }, "published content did not check: kept the last good")
        : isDatabaseUnreachable(error)
          ? logger.warn({ reason: outageReason(error) }, "content updates: database unavailable")
          : logger.error({ err: error }, "content reload failed"),
  });
  await started("Content", contentSync.start());
  return { content, contentSync, cataloguePdf: cataloguePdf.rebuilds };
}

/**
 * The periodic sweeps: enquiries past retention (issue 21), uploaded files nothing names (decision
 * 051), deleted documents past the Trash's time (decision 067) and addresses that never
 * confirmed a subscription (issue 41).
 */
function startUpkeep(database: Database, env: Env, content: ContentStore, logger: Logger) {
  const enquiryRetention = new EnquiryRetention(database, {
    retentionDays: () => content.siteSettings().enquiries.retentionDays,
    onSwept: (count) => {
      logger.info({ count }, "closed and spam enquiries past retention removed");
      removeForgottenOutboxFiles(database.db, env.DATA_DIR).catch((error) =>
        logger.warn({ err: error }, "removing the outbox copies of removed enquiries failed"),
      );
    },
    onError: (error) => logger.warn({ err: error }, "enquiry retention sweep failed"),
  });
  enquiryRetention.start();
  const unnamedFiles = new UnnamedFilesUpkeep(database, {
    store: processOriginalStore,
    onRemoved: ({ removed, bytes }) => logger.info({ removed, bytes }, "uploaded files nothing names removed"),
    onError: (error) =>
      isDatabaseUnreachable(error)
        ? logger.warn({ reason: outageReason(error) }, "removing unnamed uploaded files: database unavailable")
        : logger.warn({ err: error }, "removing unnamed uploaded files failed"),
  });
  unnamedFiles.start();
  const contentTrash = new ContentTrashUpkeep(database, {
    onPurged: (documents) => logger.info({ documents }, "deleted documents past the Trash's time removed"),
    onError: (error) =>
      isDatabaseUnreachable(error)
        ? logger.warn({ reason: outageReason(error) }, "emptying the Trash: database unavailable")
        : logger.warn({ err: error }, "emptying the Trash failed"),
  });
  contentTrash.start();
  const unconfirmedSubscribers = new UnconfirmedSubscribersSweep(database, {
    onSwept: (count) => {
      logger.info({ count }, "addresses that never confirmed a subscription removed");
      removeForgottenOutboxFiles(database.db, env.DATA_DIR).catch((error) =>
        logger.warn({ err: error }, "removing the outbox copies of unconfirmed addresses failed"),
      );
    },
    onError: (error) =>
      isDatabaseUnreachable(error)
        ? logger.warn({ reason: outageReason(error) }, "removing unconfirmed addresses: database unavailable")
        : logger.warn({ err: error }, "removing unconfirmed addresses failed"),
  });
  unconfirmedSubscribers.start();
  return { enquiryRetention, unnamedFiles, contentTrash, unconfirmedSubscribers };
}
