import type { ReactNode } from "react";
import styles from "./caption-bar.module.css";

/** The thin bar under an image or slideshow that carries its caption. */
export function CaptionBar({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <div className={styles.bar} id={id}>
      {children}
    </div>
  );
}
