import type { SigningCompletedTag } from "@signet/contract";
import type { CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../../ui/Icon.tsx";

const percent = (part: number, whole: number) => `${((part / whole) * 100).toFixed(4)}%`;

/**
 * A field another participant already completed, drawn where the sealed PDF will print it. It is
 * not a control: nothing to focus or change, and it never counts among the fields left.
 */
export function CompletedTag({
  tag,
  pageSize,
}: {
  tag: SigningCompletedTag;
  pageSize: { width: number; height: number };
}) {
  const { t } = useTranslation();
  const fontPoints = Math.max(6, Math.min(14, tag.height * 0.62));
  const style = {
    left: percent(tag.x, pageSize.width),
    top: percent(tag.y, pageSize.height),
    width: percent(tag.width, pageSize.width),
    height: percent(tag.height, pageSize.height),
    fontSize: `calc(var(--pt, 1) * ${fontPoints.toFixed(2)}px)`,
  } as CSSProperties;
  const by = t("sign.filledBy", { name: tag.participantName });

  let content: React.ReactNode;
  if (tag.imageDataUrl) {
    const alt = tag.type === "INITIALS" ? "sign.initialsBy" : "sign.signatureBy";
    content = (
      <img
        className="tag__image"
        src={tag.imageDataUrl}
        alt={t(alt, { name: tag.participantName })}
        draggable={false}
      />
    );
  } else if (tag.checked) {
    content = (
      <>
        <Icon name="check" className="completed-tag__check" />
        <span className="visually-hidden">{t("sign.checkedBy", { name: tag.participantName })}</span>
      </>
    );
  } else {
    content = (
      <>
        <span className="visually-hidden">{by}: </span>
        <span className="completed-tag__text">{tag.text}</span>
      </>
    );
  }
  return (
    <div
      className={`completed-tag completed-tag--${tag.type.toLowerCase().replace("_", "-")}`}
      style={style}
      title={by}
      data-testid={`completed-tag-${tag.id}`}
    >
      {content}
    </div>
  );
}
