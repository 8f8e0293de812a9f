import { lazy, type ReactNode, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Spinner } from "../../ui/PageShell.tsx";
import { useRoom } from "../room-context.tsx";

// The session's panel (video, recording, the host's controls) loads only for an A/V eSign package.
const AvSessionPanel = lazy(() =>
  import("./AvSessionPanel.tsx").then((module) => ({ default: module.AvSessionPanel })),
);

const AV_STAGES: readonly string[] = ["SIGN", "FINISHED", "WAITING_TURN"];

/**
 * Issue 16 §2: an A/V eSign package is signed in the host's live session. Around the room's own
 * stage screen (children) this shows the session: start/join, everyone's video, the shared view
 * and, for the host, the page controls, the recording and complete/end. A signer's documents
 * show only while they are in the live session (the server refuses signatures otherwise).
 */
export function AvSession({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { room } = useRoom();
  if (!room.package.avEsign || !AV_STAGES.includes(room.stage)) return <>{children}</>;
  return (
    <Suspense fallback={<Spinner label={t("common.loading")} />}>
      <AvSessionPanel>{children}</AvSessionPanel>
    </Suspense>
  );
}
