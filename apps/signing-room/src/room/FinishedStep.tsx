import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../ui/Icon.tsx";
import { MessageCard, Spinner } from "../ui/PageShell.tsx";
import { useRoom } from "./room-context.tsx";

const POLL_MS = 5_000;
const POLL_FOR_MS = 5 * 60_000;

/** Stage FINISHED: thanks, and the participant's copies once the package is sealed. */
export function FinishedStep() {
  const { t } = useTranslation();
  const { room, refresh } = useRoom();
  const waiting = room.downloads.length === 0;
  const reviewOnly = room.participant.reviewOnly;
  const [polling, setPolling] = useState(waiting);

  useEffect(() => {
    if (!waiting) return;
    setPolling(true);
    const started = Date.now();
    const timer = setInterval(() => {
      if (Date.now() - started >= POLL_FOR_MS) {
        clearInterval(timer);
        setPolling(false);
      } else void refresh();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [waiting, refresh]);

  return (
    <div className="stage stage--narrow">
      <MessageCard tone="success" title={t(reviewOnly ? "review.finishedTitle" : "finished.title")} testId="finished">
        <p>{t("finished.body", { name: room.participant.name, package: room.package.name })}</p>
        <section className="downloads" aria-labelledby="downloads-title">
          <h2 id="downloads-title" className="section-title">
            {t("finished.downloadsTitle")}
          </h2>
          {waiting ? (
            <>
              <p className="muted">{t(reviewOnly ? "review.finishedPending" : "finished.pending")}</p>
              {polling ? (
                <Spinner label={t("finished.checking")} />
              ) : (
                <button type="button" className="button button--secondary" onClick={() => void refresh()}>
                  {t("finished.check")}
                </button>
              )}
            </>
          ) : (
            <ul className="download-list">
              {room.downloads.map((download) => (
                <li key={download.id}>
                  {/* the name comes from the content, so that it holds every word shown (WCAG 2.5.3) */}
                  <a className="download" href={download.url} download>
                    <Icon name={download.kind === "CERTIFICATE" ? "shield" : "file"} />
                    <span className="download__text">
                      <span className="download__name">
                        <span className="visually-hidden">{t("finished.download", { name: download.name })}</span>
                        <span aria-hidden="true">{download.name}</span>
                      </span>
                      <span className="muted small">
                        {reviewOnly && download.kind === "DOCUMENT"
                          ? t("review.completedDocument")
                          : t(`finished.kind.${download.kind}`)}
                      </span>
                    </span>
                    <Icon name="download" />
                  </a>
                </li>
              ))}
            </ul>
          )}
        </section>
      </MessageCard>
    </div>
  );
}
