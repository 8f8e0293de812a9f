import { type SigningRoom, signingRoomRoutes } from "@signet/contract";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError, errorCode } from "../api/api-error.ts";
import { call } from "../api/client.ts";
import { errorText } from "../i18n/index.ts";
import { MessagePage, Notice, Spinner } from "../ui/PageShell.tsx";

// A token is exchanged once per page load, also when React runs the effect twice (StrictMode).
const exchanges = new Map<string, Promise<SigningRoom>>();
function exchange(token: string): Promise<SigningRoom> {
  let pending = exchanges.get(token);
  if (!pending) {
    pending = call(signingRoomRoutes.openSigningSession, { body: { token } });
    exchanges.set(token, pending);
  }
  return pending;
}

type State =
  | { kind: "opening" }
  | { kind: "failed"; code: string; traceId: string | null; delegatedTo?: string | null; closedReason?: string | null };

const detailOf = (error: unknown, path: string) =>
  error instanceof ApiError ? (error.details.find((detail) => detail.path === path)?.message ?? null) : null;

/** /s/:token — exchanges the invitation link for a session, then shows the room. */
export function LinkPage({ token, onOpened }: { token: string; onOpened: (room: SigningRoom) => void }) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ kind: "opening" });

  useEffect(() => {
    let active = true;
    exchange(token).then(
      (room) => active && onOpened(room),
      (error: unknown) => {
        if (!active) return;
        setState({
          kind: "failed",
          code: errorCode(error),
          traceId: error instanceof ApiError ? error.traceId : null,
          closedReason: detailOf(error, "closedReason"),
          delegatedTo: detailOf(error, "delegatedTo"),
        });
      },
    );
    return () => {
      active = false;
    };
  }, [token, onOpened]);

  if (state.kind === "opening") {
    return (
      <MessagePage tone="info" icon="file" title={t("link.opening")} testId="link-opening">
        <Spinner label={t("common.loading")} />
      </MessagePage>
    );
  }
  if (state.code === "SIGNING_LINK_USED" || state.code === "SIGNING_LINK_EXPIRED") {
    const used = state.code === "SIGNING_LINK_USED";
    return (
      <MessagePage
        tone="warning"
        title={used ? t("link.usedTitle") : t("link.expiredTitle")}
        testId={used ? "link-used" : "link-expired"}
      >
        <p>{used ? t("link.usedBody") : t("link.expiredBody")}</p>
        <RenewLink token={token} />
      </MessagePage>
    );
  }
  if (state.code === "SIGNING_CLOSED" && state.closedReason === "DELEGATED") {
    // issue 34 §3: the original's link says to whom they handed their part
    return (
      <MessagePage tone="info" title={t("closed.titles.DELEGATED")} testId="closed-DELEGATED">
        <p>{t("closed.bodies.DELEGATED", { name: state.delegatedTo ?? "" })}</p>
      </MessagePage>
    );
  }
  if (state.code === "SIGNING_LINK_INVALID" || state.code === "NOT_FOUND" || state.code === "BAD_REQUEST") {
    return (
      <MessagePage tone="danger" title={t("link.invalidTitle")} testId="link-invalid">
        <p>{t("link.invalidBody")}</p>
      </MessagePage>
    );
  }
  return (
    <MessagePage tone="danger" title={t("link.errorTitle")} testId="link-error">
      <p>{errorText(state.code)}</p>
      {state.traceId ? <p className="muted small">{t("common.reference", { traceId: state.traceId })}</p> : null}
      <p>
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            exchanges.delete(token);
            window.location.reload();
          }}
        >
          {t("common.retry")}
        </button>
      </p>
    </MessagePage>
  );
}

function RenewLink({ token }: { token: string }) {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<"idle" | "sending" | "sent" | { error: string }>("idle");
  const [message, setMessage] = useState("");

  async function renew() {
    setState("sending");
    try {
      const answer = await call(signingRoomRoutes.requestNewSigningLink, { body: { token } });
      // the server's text is English; other languages show their own
      setMessage(i18n.language === "en" && answer.message ? answer.message : t("link.newLinkSent"));
      setState("sent");
    } catch (error) {
      setState({ error: errorText(errorCode(error)) });
    }
  }

  if (state === "sent") return <Notice tone="success">{message}</Notice>;
  return (
    <>
      {typeof state === "object" ? <Notice tone="danger">{state.error}</Notice> : null}
      <p>
        <button type="button" className="button button--primary" disabled={state === "sending"} onClick={renew}>
          {state === "sending" ? t("link.sending") : t("link.sendNew")}
        </button>
      </p>
    </>
  );
}
