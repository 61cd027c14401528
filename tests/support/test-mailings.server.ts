import { count } from "drizzle-orm";
import type { AppDatabase } from "#app/db/database.server.ts";
import { outgoingMail } from "#app/db/mail-schema.ts";
import { enqueueMail } from "#app/email/outgoing-mail.server.ts";
import type { TestSmtpServer } from "./test-smtp-server.server.ts";

/** Queues one copy of a mailing for each of `readers` addresses (reader0@example.com...), with its own unsubscribe link. */
export async function enqueueMailing(db: AppDatabase, readers: number, subject = "New work"): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < readers; i++) {
    ids.push(
      await enqueueMail(db, {
        kind: "mailing",
        to: `reader${i}@example.com`,
        subject,
        text: `New work in the studio.\n\nUnsubscribe: https://umbra.example/u/${i}`,
        html: "<p>New work in the studio.</p>",
        headers: {
          "List-Unsubscribe": `<https://umbra.example/u/${i}>`,
          "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
      }),
    );
  }
  return ids;
}

/** Whom the server's messages were addressed to, one entry per message received. */
export function recipientsOf(smtp: TestSmtpServer): string[] {
  return smtp.received.map((mail) => (mail.to && "text" in mail.to ? mail.to.text : ""));
}

/** How many outgoing messages are in each status. */
export async function statusCounts(db: AppDatabase): Promise<Record<string, number>> {
  const rows = await db
    .select({ status: outgoingMail.status, count: count() })
    .from(outgoingMail)
    .groupBy(outgoingMail.status);
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.count)]));
}

/** Polls until `check` holds (or fails the test after `ms`). */
export async function until(check: () => boolean | Promise<boolean>, ms = 15_000, what = "condition") {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
