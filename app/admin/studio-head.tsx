import type { ReactNode } from "react";
import { IntentButton } from "#app/admin/intent-button.tsx";
import studio from "#app/admin/studio.module.css";

/**
 * A studio screen's head (the inbox, the lists, Manage Quotes): "Admin", the screen's title, a
 * line on what it holds and who is signed in (`account`), then the screen's own actions
 * (`children`: a download, a new room) and Sign Out, last.
 */
export function StudioHead({ title, account, children }: { title: string; account: ReactNode; children?: ReactNode }) {
  const signOut = <IntentButton intent="sign-out">Sign Out</IntentButton>;
  return (
    <header className={studio.head}>
      <div>
        <p className="eyebrow">Admin</p>
        <h1>{title}</h1>
        <p className={studio.account}>{account}</p>
      </div>
      {children ? (
        <div className={studio.headActions}>
          {children}
          {signOut}
        </div>
      ) : (
        signOut
      )}
    </header>
  );
}
