import type { ParticipantLanguage, SigningRoom } from "@signet/contract";
import type { CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { LanguageSelect } from "../ui/LanguageSelect.tsx";
import { Menu, type MenuItem } from "../ui/Menu.tsx";
import { readableBackground } from "./brand-colors.ts";

const isColor = (value: string) => typeof CSS !== "undefined" && CSS.supports("color", value);

/** The organization's bar: logo or name, the package, the participant, language, and the room's menu. */
export function RoomHeader(props: {
  room: SigningRoom;
  onLanguage: (language: ParticipantLanguage) => void;
  onWithdraw: () => void;
  onDecline: () => void;
  onDelegate: () => void;
  onLeave: () => void;
}) {
  const { t } = useTranslation();
  const { room } = props;
  const { branding } = room;
  const style = {
    ...(isColor(branding.primaryColor)
      ? { "--brand": readableBackground(branding.primaryColor, branding.primaryFontColor) }
      : {}),
    ...(isColor(branding.primaryFontColor) ? { "--brand-text": branding.primaryFontColor } : {}),
  } as CSSProperties;

  const active =
    room.stage === "CONSENT" ||
    room.stage === "IDENTITY_PROOFING" ||
    room.stage === "WAITING_TURN" ||
    room.stage === "SIGN";
  const items: MenuItem[] = [];
  if (room.consent.given && (room.stage === "WAITING_TURN" || room.stage === "SIGN")) {
    items.push({ label: t("header.withdrawConsent"), onSelect: props.onWithdraw });
  }
  const reviewOnly = room.participant.reviewOnly;
  // issue 34 §3: where the sender allowed it, before finishing (also before verifying: the code may go to the wrong person)
  if (room.participant.delegationAllowed && (active || room.stage === "VERIFY")) {
    items.push({ label: t(reviewOnly ? "header.reviewDelegate" : "header.delegate"), onSelect: props.onDelegate });
  }
  if (active) {
    items.push({ label: t(reviewOnly ? "review.decline" : "header.decline"), onSelect: props.onDecline, danger: true });
  }
  items.push({ label: t("header.leave"), onSelect: props.onLeave });

  return (
    <header className="room-header" style={style}>
      <div className="room-header__inner">
        <div className="room-header__brand">
          {branding.logoUrl ? (
            <img className="room-header__logo" src={branding.logoUrl} alt={branding.organizationName} />
          ) : (
            <span className="room-header__org">{branding.organizationName}</span>
          )}
        </div>
        <div className="room-header__title">
          <span className="room-header__package" data-testid="package-name">
            {room.package.name}
          </span>
          <span className="room-header__participant">
            {t(reviewOnly ? "review.participant" : "header.participant", { name: room.participant.name })}
          </span>
        </div>
        <div className="room-header__actions">
          {room.languages.length > 1 ? (
            <LanguageSelect value={room.language} languages={room.languages} onChange={props.onLanguage} onBrand />
          ) : null}
          <Menu label={t("header.menu")} items={items} />
        </div>
      </div>
    </header>
  );
}
