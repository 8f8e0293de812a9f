import { useTranslation } from "react-i18next";
import { MessageCard, type Tone } from "../ui/PageShell.tsx";
import { useRoom } from "./room-context.tsx";

/** Stage CLOSED: why there is nothing to do — never the documents. */
export function ClosedStep() {
  const { t } = useTranslation();
  const { room } = useRoom();
  const reason = room.closedReason ?? "NOT_AVAILABLE";
  const texts = room.participant.reviewOnly
    ? ({ title: `review.closedTitles.${reason}`, body: `review.closedBodies.${reason}` } as const)
    : ({ title: `closed.titles.${reason}`, body: `closed.bodies.${reason}` } as const);
  const tone: Tone =
    reason === "DECLINED" || reason === "CONSENT_WITHDRAWN" || reason === "DELEGATED" ? "info" : "warning";
  return (
    <div className="stage stage--narrow">
      <MessageCard tone={tone} title={t(texts.title)} testId={`closed-${reason}`}>
        <p>{t(texts.body, { name: room.delegatedTo ?? "" })}</p>
      </MessageCard>
    </div>
  );
}
