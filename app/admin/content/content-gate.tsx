import { AdminGate, type GateState } from "#app/admin/auth/admin-gate.tsx";

/** The content editor's gate (admin-gate.tsx), the inbox's: publishing changes the public site. */
export function ContentGate({ state, error }: { state: GateState; error?: string }) {
  return (
    <AdminGate
      state={state}
      error={error}
      screen="Content"
      whyFactor="Publishing changes the public site, so editing content needs a second factor. Add an authenticator app, then come back."
    />
  );
}
