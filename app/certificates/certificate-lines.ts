// A certificate's facts as labelled lines, in the order a printed certificate reads: for the
// command-line verifier, and for any page that shows a certificate as text.
import { type CertificateCredential, certificateIdOf } from "./certificate-schema.ts";

/** [label, value] pairs; a private collector is said to be private, never named. */
export function certificateLines(credential: CertificateCredential): Array<[string, string]> {
  const facts = credential.credentialSubject;
  const lines: Array<[string, string]> = [
    ["Certificate", certificateIdOf(credential)],
    ["Artist", facts.artist],
    ["Work", `${facts.title}, ${facts.year}`],
    ["Medium", facts.medium],
    ["Size", facts.size],
    ["Edition", facts.edition],
  ];
  if (facts.token) lines.push(["Minted", `${facts.token.chain}, ${facts.token.mintAddress}`]);
  lines.push(
    ["Image SHA-256", facts.imageSha256],
    ["Collector", "name" in facts.collector ? facts.collector.name : "Private (kept private at the collector's wish)"],
    ["Issued", credential.validFrom],
    ["Issuer", credential.issuer],
    ["Verify at", credential.id],
  );
  return lines;
}

/** Where a did:web's document is published: did:web:host -> https://host/.well-known/did.json. */
export function didJsonAddressOf(kid: string): string {
  const host = decodeURIComponent(
    kid
      .replace(/^did:web:/, "")
      .split("#")[0]
      ?.split(":")[0] ?? "",
  );
  return `https://${host}/.well-known/did.json`;
}
