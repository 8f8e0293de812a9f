import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatList } from "../format.ts";
import { MessageCard } from "../ui/PageShell.tsx";
import { useRoom } from "./room-context.tsx";

const POLL_MS = 30_000;
const POLL_FOR_MS = 10 * 60_000;

/** Stage WAITING_TURN: ordered signing holds this participant back. */
export function WaitingStep() {
  const { t, i18n } = useTranslation();
  const { room, refresh } = useRoom();
  const [checking, setChecking] = useState(false);

  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(() => {
      if (Date.now() - started > POLL_FOR_MS) clearInterval(timer);
      else void refresh();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [refresh]);

  const names = room.waitingFor;
  const witnessFor =
    room.participant.witnessFor !== null && names.includes(room.participant.witnessFor)
      ? room.participant.witnessFor
      : null;
  return (
    <div className="stage stage--narrow">
      <MessageCard tone="warning" icon="clock" title={t("waiting.title")} testId="waiting-turn">
        {witnessFor ? (
          // issue 34 §2b: a witness waits for the one signer whose signature they attest
          <p data-testid="waiting-for">{t("waiting.witness", { name: witnessFor })}</p>
        ) : (
          <>
            <p data-testid="waiting-for">
              {names.length > 0
                ? t("waiting.body", { names: formatList(names, i18n.language), count: names.length })
                : t("waiting.bodyUnknown")}
            </p>
            {/* issue 34 §1: with several steps, where the package stands and where the participant's turn comes */}
            {room.waitingStep && (
              <p data-testid="waiting-step">
                {t("waiting.steps", {
                  open: room.waitingStep.open,
                  steps: room.waitingStep.steps,
                  yours: room.waitingStep.yours,
                })}
              </p>
            )}
            <p className="muted">{t("waiting.email")}</p>
          </>
        )}
        <button
          type="button"
          className="button button--secondary"
          disabled={checking}
          onClick={async () => {
            setChecking(true);
            await refresh();
            setChecking(false);
          }}
        >
          {t("waiting.check")}
        </button>
      </MessageCard>
    </div>
  );
}
