import type { AvView } from "@signet/contract";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorCode } from "../../api/api-error.ts";
import { errorText } from "../../i18n/index.ts";
import { useRoom } from "../room-context.tsx";
import { NotarialActs } from "./NotarialActs.tsx";
import { type AvPeerView, useAvSession } from "./use-av-session.ts";
import "./av.css";

/** The live A/V session around the room's stage screen (see AvSession). */
export function AvSessionPanel({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { room, refresh: refreshRoom, fail } = useRoom();
  const [announcement, setAnnouncement] = useState("");
  const [busy, setBusy] = useState<"start" | "complete" | "end" | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [confirmEnd, setConfirmEnd] = useState(false);
  const av = useAvSession({
    onAnnounce: ({ joined, left }) =>
      setAnnouncement(joined ? t("av.joinedAnnounce", { name: joined }) : t("av.leftAnnounce", { name: left })),
  });
  const tiles = useRef<HTMLDivElement>(null);
  av.setVideoSource(() => [...(tiles.current?.querySelectorAll("video") ?? [])]);

  const { state, view, over } = av;
  const live = state?.session?.status === "LIVE";
  const isHost = state?.isHost ?? false;

  // the package moved on (a signer finished, the host completed): the room's stage follows
  const packageStatus = state?.packageStatus;
  useEffect(() => {
    if (packageStatus && packageStatus !== room.package.status) void refreshRoom();
  }, [packageStatus, room.package.status, refreshRoom]);
  useEffect(() => {
    if (over) void refreshRoom();
  }, [over, refreshRoom]);

  // everyone follows the host's page: scroll the room's own document there
  const documentName = state?.documents.find((document) => document.id === view?.documentId)?.name ?? "";
  useEffect(() => {
    if (!view) return;
    const page = document.querySelector(`#doc-${CSS.escape(view.documentId)} [data-page="${view.page}"]`);
    (page ?? document.getElementById(`doc-${view.documentId}`))?.scrollIntoView({ block: "start" });
  }, [view]);

  const act = useCallback(
    async (kind: "start" | "complete" | "end", action: () => Promise<void>) => {
      setBusy(kind);
      setMessage(null);
      try {
        await action();
      } catch (error) {
        const code = errorCode(error);
        setMessage(error instanceof Error && error.message && code !== "NETWORK" ? error.message : errorText(code));
        fail(error);
        void av.refresh();
      } finally {
        setBusy(null);
      }
    },
    [av, fail],
  );

  if (!state) {
    return (
      <>
        <section className="av card" aria-busy="true">
          <p className="muted">{t("common.loading")}</p>
        </section>
        {room.stage === "SIGN" ? null : children}
      </>
    );
  }

  const showDocuments = room.stage !== "SIGN" || (live && av.joined);
  const missing = state.missingSigners;

  return (
    <>
      <section className="av card" aria-labelledby="av-title" data-testid="av-session">
        <div className="av__header">
          <h2 id="av-title" className="card__title">
            {t("av.title")}
          </h2>
          {live ? (
            <span className="av__badge" data-testid="av-live">
              {t("av.live")}
            </span>
          ) : null}
        </div>
        <p className="muted">{isHost ? t("av.youHost") : t("av.hostedBy", { host: state.hostName ?? "" })}</p>
        <div className="visually-hidden" role="status" aria-live="polite" data-testid="av-announcement">
          {announcement}
        </div>

        {over === "ENDED" && !isHost ? (
          <div className="notice notice--info" role="status">
            <p>
              <strong>{t("av.endedTitle")}</strong> {t("av.endedBody")}
            </p>
          </div>
        ) : null}
        {over === "COMPLETED" ? (
          <div className="notice notice--success" role="status" data-testid="av-completed">
            <p>
              <strong>{t("av.completedTitle")}</strong> {t("av.completedBody")}
            </p>
          </div>
        ) : null}
        {message ? (
          <div className="notice notice--danger" role="alert" data-testid="av-error">
            <p>{message}</p>
          </div>
        ) : null}

        {!live &&
        isHost &&
        over !== "COMPLETED" &&
        ["AVAILABLE_TO_SIGNERS", "PENDING_ENOTARY"].includes(state.packageStatus) ? (
          <>
            <p>{t("av.notStartedHost")}</p>
            <button
              type="button"
              className="button button--primary"
              disabled={busy !== null}
              onClick={() => void act("start", av.start)}
            >
              {t("av.start")}
            </button>
          </>
        ) : null}
        {!live && !isHost && over !== "COMPLETED" && state.packageStatus === "AVAILABLE_TO_SIGNERS" ? (
          <p data-testid="av-waiting">{t("av.waitingForHost", { host: state.hostName ?? "" })}</p>
        ) : null}
        {live && !isHost && !state.identityProofed ? (
          <p className="notice notice--warning">{t("av.notProofed")}</p>
        ) : null}
        {live && !av.joined && (isHost || state.identityProofed) ? (
          <>
            {!isHost ? <p>{t("av.joinIntro")}</p> : null}
            <button type="button" className="button button--primary" onClick={() => void av.join()}>
              {t("av.join")}
            </button>
          </>
        ) : null}

        {live && av.joined ? (
          <>
            {av.mediaFailed ? <p className="notice notice--warning">{t("av.noCamera")}</p> : null}
            <div className="av__tiles" ref={tiles}>
              <Tile name={t("av.you")} stream={av.local} muted status={null} />
              {av.peers.map((peer) => (
                <PeerTile key={peer.id} peer={peer} />
              ))}
            </div>
            {view ? (
              <p className="av__showing" aria-live="polite" data-testid="av-showing">
                {t("av.showing", { document: documentName, page: view.page })}
              </p>
            ) : null}
            {isHost ? (
              <HostControls
                documents={state.documents}
                view={view}
                onView={av.setView}
                saved={av.saved}
                recordingSupported={av.recordingSupported}
              />
            ) : null}
          </>
        ) : null}

        <details className="av__people">
          <summary>{t("av.participants")}</summary>
          <ul>
            {state.participants.map((person) => (
              <li key={person.id}>
                {person.name}
                {person.isHost ? ` · ${t("av.hostLabel")}` : ""}
                {" · "}
                {person.online ? t("av.online") : t("av.offline")}
                {person.signs ? ` · ${person.signed ? t("av.signedMark") : t("av.toSign")}` : ""}
              </li>
            ))}
          </ul>
        </details>

        {isHost && live ? <NotarialActs version={state} /> : null}
        {isHost && live ? (
          <div className="av__finish">
            {missing.length > 0 ? (
              <p className="muted" data-testid="av-missing">
                {t("av.missing", { names: missing.join(", ") })}
              </p>
            ) : null}
            {busy === "complete" ? <p role="status">{t("av.completing")}</p> : null}
            <div className="av__actions">
              <button
                type="button"
                className="button button--primary"
                disabled={missing.length > 0 || busy !== null}
                aria-describedby={missing.length > 0 ? "av-missing" : undefined}
                onClick={() => void act("complete", av.complete)}
              >
                {t("av.complete")}
              </button>
              {confirmEnd ? (
                <fieldset className="av__confirm">
                  <legend className="visually-hidden">{t("av.end")}</legend>
                  <p>{t("av.endConfirm")}</p>
                  <button
                    type="button"
                    className="button button--danger"
                    disabled={busy !== null}
                    onClick={() => void act("end", av.end).then(() => setConfirmEnd(false))}
                  >
                    {t("av.end")}
                  </button>
                  <button type="button" className="button button--ghost" onClick={() => setConfirmEnd(false)}>
                    {t("common.cancel")}
                  </button>
                </fieldset>
              ) : (
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={busy !== null}
                  onClick={() => setConfirmEnd(true)}
                >
                  {t("av.end")}
                </button>
              )}
            </div>
          </div>
        ) : null}
      </section>
      {showDocuments ? children : null}
    </>
  );
}

function HostControls(props: {
  documents: { id: string; name: string; numPages: number }[];
  view: AvView | null;
  onView: (view: AvView) => void;
  saved: number;
  recordingSupported: boolean;
}) {
  const { t } = useTranslation();
  const current = props.documents.find((document) => document.id === props.view?.documentId) ?? props.documents[0];
  if (!current) return null;
  const page = props.view?.documentId === current.id ? props.view.page : 1;
  const pages = Math.max(current.numPages, 1);
  return (
    <div className="av__controls">
      <label className="av__field">
        <span>{t("av.documentLabel")}</span>
        <select
          value={current.id}
          onChange={(event) => props.onView({ documentId: event.target.value, page: 1 })}
          data-testid="av-document"
        >
          {props.documents.map((document) => (
            <option key={document.id} value={document.id}>
              {document.name}
            </option>
          ))}
        </select>
      </label>
      <div className="av__pager">
        <button
          type="button"
          className="button button--secondary"
          disabled={page <= 1}
          onClick={() => props.onView({ documentId: current.id, page: page - 1 })}
        >
          {t("av.previousPage")}
        </button>
        <span>{t("av.pageOf", { page, count: pages })}</span>
        <button
          type="button"
          className="button button--secondary"
          disabled={page >= pages}
          onClick={() => props.onView({ documentId: current.id, page: page + 1 })}
        >
          {t("av.nextPage")}
        </button>
      </div>
      <p className="av__recording" data-testid="av-recording">
        {props.recordingSupported ? (
          <>
            <span className="av__dot" aria-hidden="true" /> {t("av.recording")} ·{" "}
            {t("av.recordingSaved", { count: props.saved })}
          </>
        ) : (
          t("av.recordingUnavailable")
        )}
      </p>
    </div>
  );
}

function PeerTile({ peer }: { peer: AvPeerView }) {
  return <Tile name={peer.name} stream={peer.stream} muted={false} status={peer.connection} />;
}

function Tile(props: {
  name: string;
  stream: MediaStream | null;
  muted: boolean;
  status: RTCPeerConnectionState | null;
}) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (video.current && video.current.srcObject !== props.stream) video.current.srcObject = props.stream;
  }, [props.stream]);
  return (
    <figure className="av-tile">
      <video ref={video} autoPlay playsInline muted={props.muted} aria-label={t("av.video", { name: props.name })} />
      <figcaption>
        <span>{props.name}</span>
        {props.status ? (
          <span className="av-tile__status" data-testid="av-tile-status">
            {props.status === "connected" ? t("av.connected") : t("av.connecting")}
          </span>
        ) : null}
      </figcaption>
    </figure>
  );
}
