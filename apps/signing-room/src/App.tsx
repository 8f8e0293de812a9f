import type { SigningRoom } from "@signet/contract";
import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { pageOf, ROOM_PATH } from "./app-location.ts";
import { LinkPage } from "./pages/LinkPage.tsx";
import { NotFoundPage } from "./pages/NotFoundPage.tsx";
import { RoomPage } from "./room/RoomPage.tsx";
import { PageShell, Spinner } from "./ui/PageShell.tsx";

// pages that are not on a signer's way (a collaborator's view, seal verification) load when opened
const CollaborationPage = lazy(() =>
  import("./pages/CollaborationPage.tsx").then((module) => ({ default: module.CollaborationPage })),
);
const SealVerificationPage = lazy(() =>
  import("./pages/SealVerificationPage.tsx").then((module) => ({ default: module.SealVerificationPage })),
);

const here = () => ({ pathname: window.location.pathname, search: window.location.search });

/** A tiny path switch: the invitation link, the room, collaboration, seal verification. */
export function App() {
  const { t } = useTranslation();
  const [location, setLocation] = useState(here);
  // the room the invitation link opened, so that the room page does not load it again
  const [opened, setOpened] = useState<SigningRoom | null>(null);

  useEffect(() => {
    const onPop = () => setLocation(here());
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, []);

  const onOpened = useCallback((room: SigningRoom) => {
    // the token is single-use: a reload must not post it again
    window.history.replaceState(null, "", ROOM_PATH);
    setOpened(room);
    setLocation(here());
  }, []);

  const page = pageOf(location.pathname, location.search);
  switch (page.kind) {
    case "link":
      return <LinkPage key={page.token} token={page.token} onOpened={onOpened} />;
    case "room":
      return <RoomPage initialRoom={opened} />;
    case "collaboration":
    case "verify":
      return (
        <Suspense
          fallback={
            <PageShell>
              <Spinner label={t("common.loading")} />
            </PageShell>
          }
        >
          {page.kind === "collaboration" ? <CollaborationPage token={page.token} /> : <SealVerificationPage />}
        </Suspense>
      );
    default:
      return <NotFoundPage />;
  }
}
