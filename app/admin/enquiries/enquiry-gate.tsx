import { AdminGate, type GateState } from "#app/admin/auth/admin-gate.tsx";

/** The inbox's gate (admin-gate.tsx): enquiries hold strangers' details. */
export function EnquiryGate({ state, error }: { state: GateState; error?: string }) {
  return (
    <AdminGate
      state={state}
      error={error}
      screen="Enquiries"
      whyFactor="Enquiries hold collectors’ names, addresses and messages, so reading them needs a second factor. Add an authenticator app, then come back."
    />
  );
}
