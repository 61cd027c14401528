import type { AppDatabase } from "#app/db/database.server.ts";
import { enquiries, type NewEnquiry } from "#app/db/enquiry-schema.ts";
import { enqueueMail } from "#app/email/outgoing-mail.server.ts";

/**
 * For tests only: writes enquiries straight into the table (the public form is another
 * module's), each with the studio's mail record carrying its text, as the form does.
 */
export async function insertTestEnquiries(
  db: AppDatabase,
  rows: Array<Partial<NewEnquiry>>,
  options: { withMail?: boolean } = {},
): Promise<number[]> {
  const ids: number[] = [];
  for (const [index, row] of rows.entries()) {
    const email = row.email ?? `person${index}@example.test`;
    const values: NewEnquiry = {
      subject: "other",
      subjectTitle: "General enquiry",
      name: `Person ${index}`,
      message: `Message ${index}`,
      sourcePath: "/contact",
      ...row,
      email,
      emailKey: row.emailKey ?? email.trim().toLowerCase(),
    };
    if (options.withMail !== false && values.mailId === undefined) {
      values.mailId = await enqueueMail(db, {
        kind: "message",
        to: "studio@umbra.test",
        subject: `Enquiry: ${values.subjectTitle}`,
        text: `${values.name} <${email}> wrote:\n${values.message}`,
      });
    }
    const [inserted] = await db.insert(enquiries).values(values).returning({ id: enquiries.id });
    ids.push(inserted!.id);
  }
  return ids;
}
