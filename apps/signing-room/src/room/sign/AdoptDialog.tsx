import { type AdoptedSignature, type SigningRoom, signingRoomRoutes } from "@signet/contract";
import { type KeyboardEvent, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { call } from "../../api/client.ts";
import { SCRIPT_FONT, typedImage } from "../../signature/signature-image.ts";
import { Dialog } from "../../ui/Dialog.tsx";
import { Notice } from "../../ui/PageShell.tsx";
import { useRoom } from "../room-context.tsx";
import { DrawPad, type DrawPadHandle } from "./DrawPad.tsx";

type Kind = AdoptedSignature["kind"];
type Method = AdoptedSignature["method"];

interface Choice {
  method: Method;
  text: string;
  drawnEmpty: boolean;
}

/** Adopt a signature and initials: typed in a script font or drawn; each becomes a PNG. */
export function AdoptDialog({ onClose, onAdopted }: { onClose: () => void; onAdopted: (room: SigningRoom) => void }) {
  const { t } = useTranslation();
  const { room, fail } = useRoom();
  const [signature, setSignature] = useState<Choice>({
    method: room.signature?.method === "DRAWN" ? "DRAWN" : "TYPED",
    text: room.signature?.text ?? room.participant.name,
    drawnEmpty: true,
  });
  const [initials, setInitials] = useState<Choice>({
    method: room.initials?.method === "DRAWN" ? "DRAWN" : "TYPED",
    text: room.initials?.text ?? room.participant.initials,
    drawnEmpty: true,
  });
  const signaturePad = useRef<DrawPadHandle>(null);
  const initialsPad = useRef<DrawPadHandle>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function image(kind: Kind, choice: Choice, pad: DrawPadHandle | null): Promise<string | null> {
    if (choice.method === "DRAWN") return pad?.image() ?? null;
    const text = choice.text.trim();
    return text ? typedImage(text, kind) : null;
  }

  async function adopt() {
    setError(null);
    const signatureImage = await image("SIGNATURE", signature, signaturePad.current);
    if (!signatureImage) {
      setError(t("adopt.needSignature"));
      return;
    }
    const initialsImage = await image("INITIALS", initials, initialsPad.current);
    if (!initialsImage) {
      setError(t("adopt.needInitials"));
      return;
    }
    setBusy(true);
    try {
      await call(signingRoomRoutes.adoptSignature, {
        body: {
          kind: "SIGNATURE",
          method: signature.method,
          text: signature.method === "TYPED" ? signature.text.trim() : null,
          imageDataUrl: signatureImage,
        },
      });
      const next = await call(signingRoomRoutes.adoptSignature, {
        body: {
          kind: "INITIALS",
          method: initials.method,
          text: initials.method === "TYPED" ? initials.text.trim() : null,
          imageDataUrl: initialsImage,
        },
      });
      onAdopted(next);
    } catch (caught) {
      setError(fail(caught));
      setBusy(false);
    }
  }

  return (
    <Dialog
      title={t("adopt.title")}
      onClose={onClose}
      busy={busy}
      wide
      testId="adopt-dialog"
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={onClose} disabled={busy}>
            {t("common.cancel")}
          </button>
          <button type="button" className="button button--primary" onClick={adopt} disabled={busy}>
            {busy ? t("adopt.submitting") : t("adopt.submit")}
          </button>
        </>
      }
    >
      <p className="muted">{t("adopt.intro")}</p>
      <SignatureChoice
        kind="SIGNATURE"
        choice={signature}
        onChange={setSignature}
        padRef={signaturePad}
        disabled={busy}
      />
      <SignatureChoice kind="INITIALS" choice={initials} onChange={setInitials} padRef={initialsPad} disabled={busy} />
      <p className="legal small">{t("adopt.legal")}</p>
      {error ? <Notice tone="danger">{error}</Notice> : null}
    </Dialog>
  );
}

function SignatureChoice(props: {
  kind: Kind;
  choice: Choice;
  onChange: (choice: Choice) => void;
  padRef: React.RefObject<DrawPadHandle | null>;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const { kind, choice, onChange } = props;
  const base = useId();
  const isSignature = kind === "SIGNATURE";
  const kindName = isSignature ? t("adopt.signature") : t("adopt.initials");
  const tabs: { method: Method; label: string; name: string }[] = [
    { method: "TYPED", label: t("adopt.type"), name: isSignature ? t("adopt.typeSignature") : t("adopt.typeInitials") },
    { method: "DRAWN", label: t("adopt.draw"), name: isSignature ? t("adopt.drawSignature") : t("adopt.drawInitials") },
  ];
  const tabId = (method: Method) => `${base}-tab-${method}`;
  const panelId = (method: Method) => `${base}-panel-${method}`;
  const select = (method: Method) => onChange({ ...choice, method });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key)) return;
    event.preventDefault();
    const next = choice.method === "TYPED" ? "DRAWN" : "TYPED";
    const target = event.key === "Home" ? "TYPED" : event.key === "End" ? "DRAWN" : next;
    select(target);
    document.getElementById(tabId(target))?.focus();
  };

  return (
    <fieldset className="adopt" disabled={props.disabled}>
      <legend className="adopt__legend">{kindName}</legend>
      <div className="tabs" role="tablist" aria-label={t("adopt.style", { kind: kindName })} onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.method}
            id={tabId(tab.method)}
            type="button"
            role="tab"
            className="tabs__tab"
            aria-label={tab.name}
            aria-selected={choice.method === tab.method}
            aria-controls={panelId(tab.method)}
            tabIndex={choice.method === tab.method ? 0 : -1}
            onClick={() => select(tab.method)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div
        id={panelId("TYPED")}
        role="tabpanel"
        aria-labelledby={tabId("TYPED")}
        hidden={choice.method !== "TYPED"}
        className="adopt__panel"
      >
        <div className="field">
          <label htmlFor={`${base}-text`}>{isSignature ? t("adopt.nameLabel") : t("adopt.initialsLabel")}</label>
          <input
            id={`${base}-text`}
            className="input"
            maxLength={isSignature ? 100 : 10}
            autoComplete={isSignature ? "name" : "off"}
            value={choice.text}
            onChange={(event) => onChange({ ...choice, text: event.target.value })}
          />
        </div>
        <div
          className="adopt__preview"
          aria-hidden="true"
          data-testid={isSignature ? "typed-signature" : "typed-initials"}
        >
          <span style={{ fontFamily: SCRIPT_FONT }}>{choice.text.trim() || "\u00a0"}</span>
        </div>
      </div>
      <div
        id={panelId("DRAWN")}
        role="tabpanel"
        aria-labelledby={tabId("DRAWN")}
        hidden={choice.method !== "DRAWN"}
        className="adopt__panel"
      >
        {choice.method === "DRAWN" || !choice.drawnEmpty ? (
          <DrawPad
            ref={props.padRef}
            tall={isSignature}
            label={isSignature ? t("adopt.padSignature") : t("adopt.padInitials")}
            onChange={(empty) => onChange({ ...choice, drawnEmpty: empty })}
          />
        ) : null}
        <div className="adopt__pad-footer">
          <span className="muted small">{t("adopt.drawHint")}</span>
          <button
            type="button"
            className="button button--ghost button--small"
            aria-label={isSignature ? t("adopt.clearSignature") : t("adopt.clearInitials")}
            onClick={() => props.padRef.current?.clear()}
          >
            {t("adopt.clear")}
          </button>
        </div>
      </div>
    </fieldset>
  );
}
