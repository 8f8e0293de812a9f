import {
  type CollaborationView,
  collaborationViewSchema,
  PACKAGE_STATUSES,
  type PackageStatus,
  SIGNING_FILE_PATHS,
} from "@signet/contract";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError, errorCode } from "../api/api-error.ts";
import { getJson } from "../api/client.ts";
import { formatDate, formatDateTime } from "../format.ts";
import { errorText } from "../i18n/index.ts";
import { PdfPages } from "../pdf/PdfPages.tsx";
import { Icon } from "../ui/Icon.tsx";
import { MessagePage, PageShell, Spinner } from "../ui/PageShell.tsx";

type State =
  | { kind: "loading" }
  | { kind: "ready"; view: CollaborationView }
  | { kind: "invalid" }
  | { kind: "failed"; code: string };

/** Codes that mean the collaboration link is not (or no longer) good. */
const INVALID = new Set([
  "NOT_FOUND",
  "FORBIDDEN",
  "BAD_REQUEST",
  "LINK_EXPIRED",
  "SIGNING_LINK_INVALID",
  "SIGNING_LINK_EXPIRED",
  "SIGNING_LINK_USED",
  "SIGNING_CLOSED",
]);

/** /collaboration?token=… — a read-only view of a package's progress, shared by the sender. */
export function CollaborationPage({ token }: { token: string | null }) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>(token ? { kind: "loading" } : { kind: "invalid" });

  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    getJson(SIGNING_FILE_PATHS.collaboration(token), collaborationViewSchema, controller.signal).then(
      (view) => setState({ kind: "ready", view }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const code = errorCode(error);
        const gone = INVALID.has(code) || (error instanceof ApiError && [401, 403, 404, 410].includes(error.status));
        setState(gone ? { kind: "invalid" } : { kind: "failed", code });
      },
    );
    return () => controller.abort();
  }, [token]);

  useEffect(() => {
    if (state.kind === "ready") document.title = `${state.view.package.name} · Signet`;
  }, [state]);

  if (state.kind === "loading") {
    return (
      <MessagePage tone="info" icon="file" title={t("collaboration.title")}>
        <Spinner label={t("common.loading")} />
      </MessagePage>
    );
  }
  if (state.kind === "invalid") {
    return (
      <MessagePage tone="warning" title={t("collaboration.invalidTitle")} testId="collaboration-invalid">
        <p>{t("collaboration.invalidBody")}</p>
      </MessagePage>
    );
  }
  if (state.kind === "failed") {
    return (
      <MessagePage tone="danger" title={t("collaboration.title")}>
        <p>{errorText(state.code)}</p>
      </MessagePage>
    );
  }
  return <Collaboration view={state.view} />;
}

function Collaboration({ view }: { view: CollaborationView }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState<string | null>(null);
  return (
    <PageShell wide>
      <section className="card" aria-labelledby="collaboration-title" data-testid="collaboration">
        <p className="eyebrow">{t("collaboration.title")}</p>
        <h1 id="collaboration-title" className="card__title">
          {view.package.name}
        </h1>
        <p className="muted">
          {t("collaboration.packageId", { shortId: view.package.shortId })} ·{" "}
          {t("collaboration.status", {
            status: (PACKAGE_STATUSES as readonly string[]).includes(view.package.status)
              ? t(`collaboration.packageStatuses.${view.package.status as PackageStatus}`)
              : view.package.status,
          })}
        </p>
        <p className="muted small">
          {t("collaboration.shared", {
            organization: view.organizationName,
            date: formatDate(view.expiresAt, i18n.language),
          })}
        </p>

        <h2 className="section-title">{t("collaboration.participants")}</h2>
        <ul className="people">
          {view.participants.map((person) => (
            <li key={person.id} className="people__row" data-testid={`participant-${person.id}`}>
              <span className="people__avatar" aria-hidden="true">
                {(person.name || person.displayName).slice(0, 1).toUpperCase()}
              </span>
              <span className="people__name">
                {person.name}
                {person.name !== person.displayName ? <span className="muted small">{person.displayName}</span> : null}
                {person.finishedAt ? (
                  <span className="muted small">
                    {t("collaboration.finishedAt", { date: formatDateTime(person.finishedAt, i18n.language) })}
                  </span>
                ) : null}
              </span>
              <span className={`pill pill--status-${person.status.toLowerCase()}`}>
                {t(`collaboration.statuses.${person.status}`)}
              </span>
            </li>
          ))}
        </ul>

        <h2 className="section-title">{t("collaboration.documents")}</h2>
        <ul className="collab-docs">
          {view.documents.map((doc) => {
            const shown = open === doc.id;
            return (
              <li key={doc.id} className="collab-doc">
                <div className="collab-doc__row">
                  <Icon name="file" />
                  <span className="collab-doc__name">
                    {doc.name}
                    <span className="muted small">
                      {t(`sign.execution.${doc.executionType}`)} · {t("collaboration.pages", { count: doc.numPages })}
                    </span>
                  </span>
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    aria-expanded={shown}
                    onClick={() => setOpen(shown ? null : doc.id)}
                  >
                    {shown ? t("collaboration.hide", { name: doc.name }) : t("collaboration.view", { name: doc.name })}
                  </button>
                  <a className="button button--ghost button--small" href={doc.fileUrl} target="_blank" rel="noopener">
                    {t("collaboration.open")}
                    <span className="visually-hidden"> {t("common.opensInNewTab")}</span>
                  </a>
                </div>
                {shown ? (
                  <div className="collab-doc__viewer">
                    <PdfPages url={doc.fileUrl} numPages={doc.numPages} pageSizes={[]} />
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      </section>
    </PageShell>
  );
}
