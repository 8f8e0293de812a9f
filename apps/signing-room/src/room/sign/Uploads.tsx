import {
  SIGNING_FILE_PATHS,
  SIGNING_LIMITS,
  type SignerUploadType,
  type SigningRoom,
  signingRoomRoutes,
  signingRoomSchema,
} from "@signet/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { call, postFile } from "../../api/client.ts";
import { formatBytes } from "../../format.ts";
import { Icon } from "../../ui/Icon.tsx";
import { Notice } from "../../ui/PageShell.tsx";
import { useRoom } from "../room-context.tsx";
import { guideElementId, useFields } from "./fields-context.tsx";

type Stip = SigningRoom["stips"][number];

/** Signer uploads (stips): the files the sender asked for. */
export function Uploads({ stips }: { stips: Stip[] }) {
  const { t } = useTranslation();
  return (
    <section id="uploads" className="card uploads" aria-labelledby="uploads-title">
      <h2 id="uploads-title" className="card__title">
        {t("sign.uploads")}
      </h2>
      <p className="muted">{t("sign.uploadsIntro")}</p>
      <ul className="stip-list">
        {stips.map((stip) => (
          <StipItem key={stip.id} stip={stip} />
        ))}
      </ul>
    </section>
  );
}

/** The browser's file picker offers the kinds the organization accepts (the server checks the bytes). */
const UPLOAD_ACCEPT: Record<SignerUploadType, string> = {
  PDF: "application/pdf,.pdf",
  PNG: "image/png,.png",
  JPEG: "image/jpeg,.jpg,.jpeg",
};

function StipItem({ stip }: { stip: Stip }) {
  const { t, i18n } = useTranslation();
  const { room, setRoom, fail } = useRoom();
  const fields = useFields();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = guideElementId("stip", stip.id);
  const inputId = `${id}-file`;
  const missing = fields.missing.has(`stip:${stip.id}`);

  async function upload(file: File | undefined) {
    if (!file) return;
    setError(null);
    // the organization's signer upload size (issue 13 §2), never above the signing API's own limit
    const maxBytes = Math.min(room.sessionRules.uploadMaxBytes, SIGNING_LIMITS.stipUploadBytes);
    if (file.size > maxBytes) {
      setError(t("sign.fileTooLarge", { size: formatBytes(maxBytes, i18n.language) }));
      return;
    }
    setBusy(true);
    try {
      setRoom(await postFile(SIGNING_FILE_PATHS.stipUploads(stip.id), file, signingRoomSchema));
    } catch (caught) {
      setError(fail(caught));
    } finally {
      setBusy(false);
    }
  }

  async function remove(uploadId: string) {
    setError(null);
    setBusy(true);
    try {
      await call(signingRoomRoutes.deleteStipUpload, { params: { stipId: stip.id, uploadId } });
      setRoom((room) => ({
        ...room,
        stips: room.stips.map((item) =>
          item.id === stip.id ? { ...item, uploads: item.uploads.filter((entry) => entry.id !== uploadId) } : item,
        ),
      }));
    } catch (caught) {
      setError(fail(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <li id={id} tabIndex={-1} className={missing ? "stip stip--missing" : "stip"} data-testid={`stip-${stip.id}`}>
      <div className="stip__head">
        <div>
          <h3 id={`${id}-name`} className="stip__name">
            {stip.name}
          </h3>
          {stip.description ? <p className="muted small">{stip.description}</p> : null}
        </div>
        <span className={stip.required ? "badge badge--required" : "badge"}>
          {stip.required ? t("common.required") : t("common.optional")}
        </span>
      </div>
      {stip.uploads.length > 0 ? (
        <ul className="upload-list">
          {stip.uploads.map((entry) => (
            <li key={entry.id} className="upload">
              <Icon name="file" size={18} />
              <span className="upload__name">{entry.fileName}</span>
              <span className="muted small">{formatBytes(entry.sizeBytes, i18n.language)}</span>
              <button
                type="button"
                className="button button--ghost button--small"
                aria-label={t("sign.removeFile", { name: entry.fileName })}
                disabled={busy}
                onClick={() => remove(entry.id)}
              >
                {t("sign.remove")}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted small">{t("sign.noUploads")}</p>
      )}
      <div className="stip__actions">
        <label
          className={busy ? "button button--secondary file-button is-busy" : "button button--secondary file-button"}
        >
          <Icon name="upload" size={18} />
          {busy ? t("sign.uploading") : t("sign.uploadFile")}
          <input
            id={inputId}
            className="visually-hidden"
            type="file"
            accept={room.sessionRules.uploadTypes.map((kind) => UPLOAD_ACCEPT[kind]).join(",")}
            aria-label={t("sign.uploadFor", { name: stip.name })}
            disabled={busy}
            onFocus={() => fields.onFocus(`stip:${stip.id}`)}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = "";
              void upload(file);
            }}
          />
        </label>
      </div>
      {error ? <Notice tone="danger">{error}</Notice> : null}
    </li>
  );
}
