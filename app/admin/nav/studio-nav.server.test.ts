import { describe, expect, it } from "vitest";
import type { StudioAccess } from "#app/admin/studio-access.server.ts";
import type { AdminUser } from "#app/auth/admin-session.server.ts";
import { DatabaseUnavailableError } from "#app/db/database-unreachable.server.ts";
import { studioNavFor } from "./studio-nav.server.ts";

const session = { user: { email: "studio@umbra.test" } as AdminUser, sessionId: "s", sessionExpiresAt: new Date() };
const count = (unread: number) => () => Promise.resolve(unread);
const unreachable = () => Promise.reject(new DatabaseUnavailableError("cut"));

describe("the studio navigation (the studio shell's loader)", () => {
  it("is shown with the unread count to an admin with a second factor", async () => {
    expect(await studioNavFor(Promise.resolve({ state: "admin", ...session }), count(4))).toEqual({
      unreadEnquiries: 4,
    });
  });

  it("is shown without a count (nor its stream) until the account has a second factor", async () => {
    let asked = false;
    const countUnread = () => {
      asked = true;
      return Promise.resolve(4);
    };
    expect(await studioNavFor(Promise.resolve({ state: "needs-factor", ...session }), countUnread)).toEqual({
      unreadEnquiries: null,
    });
    expect(asked).toBe(false);
  });

  it("is not shown signed out, at the code step, or to an account that is not an admin", async () => {
    for (const state of ["login", "code", "not-admin"] as const) {
      expect(await studioNavFor(Promise.resolve({ state } satisfies StudioAccess), count(4))).toBeNull();
    }
  });

  it("leaves a failed access lookup to the screen to answer (its 503), answering nothing of its own", async () => {
    const failed = Promise.reject(new DatabaseUnavailableError("cut"));
    expect(await studioNavFor(failed, count(4))).toBeNull();
    const broken = Promise.reject(new Error("a bug"));
    expect(await studioNavFor(broken, count(4))).toBeNull();
  });

  it("shows no count when the database went away after the lookup; a bug in the count is not hidden", async () => {
    const admin = () => Promise.resolve({ state: "admin", ...session } satisfies StudioAccess);
    expect(await studioNavFor(admin(), unreachable)).toEqual({ unreadEnquiries: null });
    await expect(studioNavFor(admin(), () => Promise.reject(new Error("a bug")))).rejects.toThrow("a bug");
  });
});
