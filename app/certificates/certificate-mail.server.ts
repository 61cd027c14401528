// The collector's mail (issue 40): queued in the transaction that issues the certificate, made
// when it is sent (decision 028's composers), with the printable PDF and the signed file
// attached. The queued row holds only the certificate's id; the files are made from the stored
// certificate, so nothing about the collector is copied into the mail table beyond the address.
import type { Catalogue } from "#app/catalogue/catalogue.ts";
import type { AppDatabase } from "#app/db/database.server.ts";
import type { EmailMessage } from "#app/email/deliver-mail.server.ts";
import type { MailComposer } from "#app/email/mail-sender.server.ts";
import { enqueueMail, type MailWriter } from "#app/email/outgoing-mail.server.ts";
import {
  certificateFileName,
  SIGNED_FILE_TYPE,
  signedFileText,
  storedCertificatePdf,
  storedCredential,
} from "./certificate-files.server.ts";
import { issueDay } from "./certificate-page-lines.ts";
import { findCertificate } from "./certificate-records.server.ts";
import type { WorkImageSource } from "./work-image.server.ts";

/** Queues the certificate's mail to its collector; returns the mail's id. */
export function queueCertificateMail(
  db: MailWriter,
  mail: { to: string; certificateId: string; title: string },
): Promise<number> {
  return enqueueMail(db, {
    kind: "certificate",
    to: mail.to,
    subject: `Your certificate of authenticity: ${mail.title}`,
    certificateId: mail.certificateId,
  });
}

export interface CertificateMailSources {
  db: AppDatabase;
  /** The studio's catalogue now (hidden works included): which image the work has. */
  catalogue: () => Catalogue;
  images: WorkImageSource;
}

/** Makes the certificate mail when it is sent: the letter, the A4 PDF and the signed file. */
export function certificateMailComposer(sources: CertificateMailSources): MailComposer {
  return async (mail) => {
    const row = await findCertificate(sources.db, mail.body ?? "");
    if (!row) throw new Error("the certificate this mail is for is not in the database");
    const credential = await storedCredential(row);
    const facts = credential.credentialSubject;
    const imageName = sources.catalogue().find(row.workSlug)?.imageLarge ?? row.workSlug;
    const pdf = await storedCertificatePdf(row, sources.images, imageName, "a4");
    const name = certificateFileName(row);
    const greeting = "name" in facts.collector ? `Dear ${facts.collector.name},` : "Hello,";
    const text = [
      greeting,
      "",
      `Attached is the certificate of authenticity for ${facts.title} (${facts.year}), ${facts.edition}, issued on ${issueDay(credential.validFrom)} by ${facts.artist}'s studio.`,
      "",
      `- ${name}.pdf is the certificate to print (A4). Its QR code opens its page: ${credential.id}`,
      `- ${name}.vc.jwt is the certificate itself, signed with the studio's key. Keep it: anyone can check it on that page, or offline, and a single changed character makes it fail.`,
      "",
      "If the work changes hands, the studio issues the new owner a new certificate and this one's page says so.",
      "",
      `${facts.artist} studio`,
    ].join("\n");
    const message: EmailMessage = {
      to: mail.toAddress,
      subject: mail.subject,
      text,
      privateRecipient: true,
      attachments: [
        { filename: `${name}.pdf`, contentType: "application/pdf", content: Buffer.from(pdf) },
        { filename: `${name}.vc.jwt`, contentType: SIGNED_FILE_TYPE, content: Buffer.from(signedFileText(row)) },
      ],
    };
    return message;
  };
}
