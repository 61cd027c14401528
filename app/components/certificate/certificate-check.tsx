import { type DragEvent, type FormEvent, useEffect, useRef, useState } from "react";
import { Form } from "react-router";
import { checkCertificateFileInBrowser, type FileVerdict } from "#app/certificates/certificate-file-check.ts";
import styles from "./certificate-check.module.css";

/**
 * "Check a certificate file": a drop zone and a file input. With JavaScript the file is checked
 * in the visitor's browser (WebCrypto Ed25519) against the site's did.json, and never leaves
 * it; without, the form posts the file and the server runs the same check. `serverVerdict` is
 * the posted check's answer.
 */
export function CertificateCheck({ didJsonUrl, serverVerdict }: { didJsonUrl: string; serverVerdict?: FileVerdict }) {
  const [verdict, setVerdict] = useState<FileVerdict | undefined>(serverVerdict);
  const [checking, setChecking] = useState(false);
  const [ready, setReady] = useState(false);
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => setReady(true), []);
  useEffect(() => setVerdict(serverVerdict), [serverVerdict]);

  const check = async (file: File | undefined) => {
    if (!file) return;
    setChecking(true);
    setVerdict(await checkCertificateFileInBrowser(file, didJsonUrl));
    setChecking(false);
  };
  const onDrop = (event: DragEvent<HTMLFormElement>) => {
    event.preventDefault();
    setOver(false);
    void check(event.dataTransfer.files[0]);
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void check(input.current?.files?.[0]);
  };

  return (
    <section className={styles.check} aria-labelledby="check-heading">
      <h2 id="check-heading">Check a certificate file</h2>
      <p>
        Drop the signed file (ending <code>.vc.jwt</code>) here, or choose it. It is checked against the studio's
        published keys; a single changed character makes it fail.
      </p>
      <Form
        method="post"
        encType="multipart/form-data"
        reloadDocument
        className={over ? `${styles.zone} ${styles.over}` : styles.zone}
        data-ready={ready ? "true" : undefined}
        onSubmit={onSubmit}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <label htmlFor="certificate-file">Certificate file</label>
        <input
          ref={input}
          id="certificate-file"
          name="certificate"
          type="file"
          accept=".jwt,.vc.jwt,application/vc+jwt,text/plain"
          required
          onChange={(event) => void check(event.currentTarget.files?.[0])}
        />
        <button type="submit" className="button">
          Check this file
        </button>
      </Form>
      <div className={styles.verdictArea} role="status" aria-live="polite">
        {checking ? <p>Checking…</p> : verdict ? <Verdict verdict={verdict} /> : null}
      </div>
    </section>
  );
}

function Verdict({ verdict }: { verdict: FileVerdict }) {
  if (!verdict.valid) {
    return (
      <div className={`${styles.verdict} ${styles.invalid}`} data-verdict="invalid">
        <p className={styles.verdictHeading}>Not valid</p>
        <p>{verdict.reason}</p>
      </div>
    );
  }
  return (
    <div className={`${styles.verdict} ${styles.valid}`} data-verdict="valid">
      <p className={styles.verdictHeading}>Valid: signed by the studio</p>
      <p>
        {verdict.title}, {verdict.edition}. <a href={`/verify/${verdict.id}`}>See whether it is still current</a>
      </p>
      <dl className={styles.facts}>
        {verdict.lines.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
