import { type NotarialAct, notarizationSigningRoutes } from "@signet/contract";
import { useCallback, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { call } from "../../api/client.ts";

/**
 * Issue 34 §4: the notary host's list of notarial acts in the live session. Each pending act takes
 * the fee and is performed here; the server checks the commission, the signers' proofing and
 * signatures, and says why when it refuses. Shown to the host only; nothing when there are no acts.
 */
export function NotarialActs({ version }: { version: unknown }) {
  const { t } = useTranslation();
  const [acts, setActs] = useState<NotarialAct[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [fees, setFees] = useState<Record<string, string>>({});
  const baseId = useId();

  const load = useCallback(async () => {
    try {
      setActs((await call(notarizationSigningRoutes.listRoomNotarialActs)).records);
    } catch {
      // the session panel reports connection trouble; an empty list is the honest fallback
      setActs([]);
    }
  }, []);
  // the session's state changes (a signer signed, a view moved): read the acts again
  // biome-ignore lint/correctness/useExhaustiveDependencies: version is the trigger, not an input
  useEffect(() => {
    void load();
  }, [load, version]);

  const perform = async (act: NotarialAct) => {
    const dollars = Number((fees[act.id] ?? "0").replace(",", "."));
    if (!Number.isFinite(dollars) || dollars < 0) {
      setMessage(t("notary.feeInvalid"));
      return;
    }
    setBusy(act.id);
    setMessage(null);
    try {
      await call(notarizationSigningRoutes.completeNotarialAct, {
        params: { actId: act.id },
        body: { feeCents: Math.round(dollars * 100) },
      });
      await load();
    } catch (error) {
      setMessage(error instanceof Error && error.message ? error.message : t("notary.failed"));
    } finally {
      setBusy(null);
    }
  };

  if (acts.length === 0) return null;
  return (
    <section className="av__notary" aria-labelledby={`${baseId}-title`} data-testid="notarial-acts">
      <h3 id={`${baseId}-title`}>{t("notary.title")}</h3>
      {message ? (
        <p className="notice notice--error" role="alert" data-testid="notary-error">
          {message}
        </p>
      ) : null}
      <ul className="av__notary-list">
        {acts.map((act) => (
          <li key={act.id} data-testid={`notarial-act-${act.id}`}>
            <p>
              <strong>{act.actType === "JURAT" ? t("notary.jurat") : t("notary.acknowledgment")}</strong>
              {": "}
              {t("notary.actFor", { document: act.documentName, signers: act.signerNames.join(", ") })}
            </p>
            {act.status === "COMPLETED" ? (
              <p className="muted" data-testid="notary-done">
                {t("notary.done")}
              </p>
            ) : (
              <div className="av__actions">
                <label htmlFor={`${baseId}-${act.id}-fee`}>{t("notary.fee")}</label>
                <input
                  id={`${baseId}-${act.id}-fee`}
                  inputMode="decimal"
                  value={fees[act.id] ?? "0"}
                  onChange={(event) => setFees({ ...fees, [act.id]: event.target.value })}
                  size={8}
                />
                <button
                  type="button"
                  className="button button--primary"
                  disabled={busy !== null}
                  onClick={() => void perform(act)}
                >
                  {t("notary.perform")}
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
