import { asParticipantLanguage, PARTICIPANT_LANGUAGES } from "@signet/contract";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { changeLanguage } from "../i18n/index.ts";
import { Icon, type IconName } from "./Icon.tsx";
import { LanguageSelect } from "./LanguageSelect.tsx";

function SignetMark() {
  return (
    <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="#3b5bdb" />
      <path
        d="M8 21c3-1 4-9 7-9s1 8 4 8 3-5 5-5"
        fill="none"
        stroke="#fff"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The frame of the pages outside the room (link, verification, collaboration, errors). They follow
 * the browser's language; anyone may pick another here (nothing is saved: there is no session).
 */
export function PageShell({ children, wide }: { children: ReactNode; wide?: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="shell">
      <header className="shell__header">
        <span className="shell__brand">
          <SignetMark />
          <span>Signet</span>
        </span>
        <LanguageSelect
          value={asParticipantLanguage(i18n.language)}
          languages={PARTICIPANT_LANGUAGES}
          onChange={(language) => void changeLanguage(language)}
        />
      </header>
      <main id="main" className={wide ? "shell__main shell__main--wide" : "shell__main"}>
        {children}
      </main>
      <footer className="shell__footer">
        <Icon name="shield" size={16} />
        {t("common.securedBy")}
      </footer>
    </div>
  );
}

export type Tone = "info" | "success" | "warning" | "danger";

const TONE_ICONS: Record<Tone, IconName> = { info: "info", success: "check", warning: "clock", danger: "alert" };

/** A card with an icon, a title and a text: what every "nothing to do here" screen looks like. */
export function MessageCard(props: {
  tone: Tone;
  title: string;
  children?: ReactNode;
  icon?: IconName;
  testId?: string;
}) {
  return (
    <section className="card message" data-testid={props.testId} aria-labelledby="message-title">
      <div className={`message__icon message__icon--${props.tone}`}>
        <Icon name={props.icon ?? TONE_ICONS[props.tone]} size={28} />
      </div>
      <h1 id="message-title" className="message__title" tabIndex={-1}>
        {props.title}
      </h1>
      {props.children}
    </section>
  );
}

/** A whole page that only says something (and may offer a button or two). */
export function MessagePage(props: {
  tone: Tone;
  title: string;
  children?: ReactNode;
  icon?: IconName;
  testId?: string;
}) {
  return (
    <PageShell>
      <MessageCard {...props} />
    </PageShell>
  );
}

export function Spinner({ label }: { label: string }) {
  return (
    <div className="spinner" role="status">
      <span className="spinner__wheel" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

/** An inline error (announced) or notice. */
export function Notice({ tone, children, id }: { tone: Tone; children: ReactNode; id?: string }) {
  return (
    <div id={id} className={`notice notice--${tone}`} role={tone === "danger" ? "alert" : "status"}>
      <Icon name={TONE_ICONS[tone]} size={18} />
      <div>{children}</div>
    </div>
  );
}
