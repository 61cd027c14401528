import type { ReactNode } from "react";
import styles from "./status-page.module.css";

/** The shared look of the not-found, error and reload pages. */
export function StatusPage({
  code,
  title,
  message,
  actions,
  children,
}: {
  code: string;
  title: string;
  message: ReactNode;
  actions: ReactNode;
  children?: ReactNode;
}) {
  return (
    <main id="main" className="page">
      <div className={styles.wrap}>
        <div>
          <p className={styles.code} aria-hidden="true">
            {code}
          </p>
          <h1>{title}</h1>
          <p className={styles.message}>{message}</p>
          <div className={styles.actions}>{actions}</div>
          {children}
        </div>
      </div>
    </main>
  );
}

export function StackTrace({ stack }: { stack: string }) {
  return <pre className={styles.stack}>{stack}</pre>;
}
