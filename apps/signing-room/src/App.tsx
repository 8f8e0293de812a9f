import type { SigningRoom } from "@signet/contract";
import { useCallback, useEffect, useState } from "react";
import { pageOf, ROOM_PATH } from "./app-location.ts";
import { CollaborationPage } from "./pages/CollaborationPage.tsx";
import { LinkPage } from "./pages/LinkPage.tsx";
import { NotFoundPage } from "./pages/NotFoundPage.tsx";
import { SealVerificationPage } from "./pages/SealVerificationPage.tsx";
import { RoomPage } from "./room/RoomPage.tsx";

const here = () => ({ pathname: window.location.pathname, search: window.location.search });

/** A tiny path switch: the invitation link, the room, collaboration, seal verification. */
export function App() {
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
      return <CollaborationPage token={page.token} />;
    case "verify":
      return <SealVerificationPage />;
    default:
      return <NotFoundPage />;
  }
}
