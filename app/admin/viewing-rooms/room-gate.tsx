import { AdminGate, type GateState } from "#app/admin/auth/admin-gate.tsx";

/** The viewing rooms' gate (admin-gate.tsx), the inbox's: rooms hold prices and collectors' names. */
export function RoomGate({ state, error }: { state: GateState; error?: string }) {
  return (
    <AdminGate
      state={state}
      error={error}
      screen="Viewing rooms"
      whyFactor="Viewing rooms hold prices, private notes and who each link is for, so using them needs a second factor. Add an authenticator app, then come back."
    />
  );
}
