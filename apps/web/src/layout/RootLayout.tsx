import { modals } from "@mantine/modals";
import type { LoggedInUser } from "@signet/contract";
import { Outlet, useRouter } from "@tanstack/react-router";
import { lazy, Suspense, useEffect } from "react";
import { queryClientSlot } from "../app/query-client-slot.ts";
import { useServices, useSessionUser } from "../app/services-context.tsx";
import { SessionTimeout } from "../session/SessionTimeout.tsx";
import { Footer } from "./Footer.tsx";
import { Header } from "./Header.tsx";
import { HeaderVisibilityProvider } from "./header-visibility.tsx";
import classes from "./layout.module.css";
import { OfflineBanner } from "./OfflineBanner.tsx";
import { useOfflineNavigationHold } from "./use-offline-navigation-hold.ts";

/** What the guards look at: when it changes (sign-in, sign-out, another tab), the guards run again. */
function guardFingerprint(user: LoggedInUser | null): string {
  if (!user) return "";
  return [user.uid, user.organizationId, user.partial, user.credentialsNonExpired, user.supportUser].join("|");
}

function useNavigationEffects() {
  const router = useRouter();
  const { session } = useServices();

  // Spec §2: open dialogs are dismissed on navigation.
  useEffect(
    () =>
      router.subscribe("onResolved", (event) => {
        if (event.pathChanged) modals.closeAll();
      }),
    [router],
  );

  useEffect(() => {
    let last = guardFingerprint(session.getUser());
    return session.subscribe(() => {
      const next = guardFingerprint(session.getUser());
      if (next === last) return;
      last = next;
      void router.invalidate();
    });
  }, [router, session]);
}

// It queries the person's requests: the query client comes with it, as it does with the header's
// menus, since a person is signed in (and this shows) while still on the sign-in page, which does
// not load the client.
const MembershipRequestsNotice = lazy(() =>
  Promise.all([import("../features/auth/MembershipRequestsNotice.tsx"), queryClientSlot.load()]).then(([module]) => ({
    default: module.MembershipRequestsNotice,
  })),
);

export function RootLayout() {
  useNavigationEffects();
  useOfflineNavigationHold();
  const user = useSessionUser();
  return (
    <HeaderVisibilityProvider>
      <div style={{ minHeight: "100vh", display: "flex", flexDirection: "column" }}>
        <Header />
        <OfflineBanner />
        <main id="main" className={classes.main}>
          {/* a partial sign-in sees them on the organization picker */}
          {user && !user.partial && user.credentialsNonExpired && (
            <Suspense fallback={null}>
              <MembershipRequestsNotice />
            </Suspense>
          )}
          <Outlet />
        </main>
        <Footer />
      </div>
      <SessionTimeout />
    </HeaderVisibilityProvider>
  );
}
