import { useTranslation } from "react-i18next";
import { VERIFY_PATH } from "../app-location.ts";
import { MessagePage } from "../ui/PageShell.tsx";

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <MessagePage tone="info" title={t("notFound.title")} testId="not-found">
      <p>{t("notFound.body")}</p>
      <p>
        <a className="button button--secondary" href={VERIFY_PATH}>
          {t("notFound.verify")}
        </a>
      </p>
    </MessagePage>
  );
}
