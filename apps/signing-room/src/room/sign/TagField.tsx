import { AUTO_FILLED_TAG_TYPES, hasTagValue, type SigningTag } from "@signet/contract";
import type { CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../../ui/Icon.tsx";
import { useRoom } from "../room-context.tsx";
import { guideElementId, useFields } from "./fields-context.tsx";

const percent = (part: number, whole: number) => `${((part / whole) * 100).toFixed(4)}%`;

/** A button's name starts with the words it shows (WCAG 2.5.3), then says which field it is. */
const words = (text: string) =>
  ` ${text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .join(" ")} `;
const withShown = (shown: string | null, name: string) =>
  shown && !words(name).includes(words(shown)) ? `${shown}: ${name}` : name;

/** A tag's base name: its label, else its custom field, else its type. */
export function useTagName() {
  const { t } = useTranslation();
  return (tag: SigningTag, required: boolean) => {
    let label = tag.label?.trim() || (tag.type === "CUSTOM_FIELD" ? tag.customFieldName?.trim() : "") || "";
    if (!label) label = t(`tags.types.${tag.type}`);
    if (tag.type === "RADIO") {
      label = t("tags.radio", {
        group: tag.label?.trim() || tag.groupName || t("tags.types.RADIO"),
        option: tag.optionValue ?? "",
      });
    }
    return required ? t("tags.required", { label }) : label;
  };
}

type Common = {
  id: string;
  "data-testid": string;
  "data-tag-type": string;
  "aria-label": string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
  onFocus: () => void;
  className: string;
};

/** One of the participant's tags, laid over its page at its place (scaled with the page). */
export function TagField({ tag, pageSize }: { tag: SigningTag; pageSize: { width: number; height: number } }) {
  const { t } = useTranslation();
  const fields = useFields();
  const { room } = useRoom();
  const nameOf = useTagName();
  const state = fields.states.get(tag.id);
  if (!state?.visible) return null;

  const value = fields.values[tag.id] ?? null;
  const filled = hasTagValue(tag.type, value);
  const automatic = AUTO_FILLED_TAG_TYPES.includes(tag.type);
  // the signer cannot act on what Signet fills: no "required" for it
  const required = state.required && !automatic;
  const missing = fields.missing.has(`tag:${tag.id}`);
  const error = fields.errors[tag.id];
  const id = guideElementId("tag", tag.id);
  const errorId = `${id}-error`;
  const name = nameOf(tag, required);
  const fontPoints = Math.max(6, Math.min(14, tag.height * 0.62));
  const slotStyle = {
    left: percent(tag.x, pageSize.width),
    top: percent(tag.y, pageSize.height),
    width: percent(tag.width, pageSize.width),
    height: percent(tag.height, pageSize.height),
    fontSize: `calc(var(--pt, 1) * ${fontPoints.toFixed(2)}px)`,
  } as CSSProperties;
  const classes = [
    "tag",
    `tag--${tag.type.toLowerCase().replace("_", "-")}`,
    required ? "tag--required" : "",
    missing ? "tag--missing" : "",
    filled ? "tag--filled" : "",
    error ? "tag--error" : "",
  ]
    .filter(Boolean)
    .join(" ");
  const common: Common = {
    id,
    "data-testid": `tag-${tag.id}`,
    "data-tag-type": tag.type,
    "aria-label": name,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
    onFocus: () => fields.onFocus(`tag:${tag.id}`),
    className: "tag__control",
  };

  let control: React.ReactNode;
  if (automatic) {
    // written by the server (the date when the participant finishes, the name as soon as the room
    // opens): nothing to do, never a field left, and the whole text shows however small the field
    const shown = filled && value !== "auto" ? value : t("fill.automatic");
    control = (
      <span
        id={id}
        data-testid={`tag-${tag.id}`}
        data-tag-type={tag.type}
        className="tag__control tag__control--automatic"
        role="note"
        aria-label={`${shown}: ${name}`}
      >
        <span className="tag__automatic">{shown}</span>
      </span>
    );
  } else if (tag.type === "SIGNATURE" || tag.type === "INITIALS") {
    const image = tag.type === "SIGNATURE" ? fields.signatureImage : fields.initialsImage;
    const prompt = tag.type === "SIGNATURE" ? t("tags.sign") : t("tags.initial");
    const shown = filled ? (image ? null : t("tags.signed")) : prompt;
    control = (
      <button
        {...common}
        aria-label={withShown(shown, name)}
        type="button"
        aria-pressed={filled}
        onClick={() => fields.toggleAdopted(tag)}
      >
        {filled ? (
          image ? (
            <img className="tag__image" src={image} alt="" draggable={false} />
          ) : (
            <span>{t("tags.signed")}</span>
          )
        ) : (
          <span className="tag__prompt">
            {tag.width >= 90 ? <Icon name="pen" size={14} /> : null}
            {prompt}
          </span>
        )}
      </button>
    );
  } else if (tag.type === "WITNESS_SIGNATURE") {
    // issue 34 §2b: the witness's adopted signature, with the line the seal prints beneath it
    const image = fields.signatureImage;
    const shown = filled ? (image ? null : t("tags.signed")) : t("tags.witness");
    const witnessLine = room.participant.witnessFor ? t("tags.witnessTo", { name: room.participant.witnessFor }) : "";
    control = (
      <button
        {...common}
        className={`${common.className} tag__control--witness`}
        // the words shown (prompt, then the witness line) start the name, as for any button (WCAG 2.5.3)
        aria-label={withShown([shown, witnessLine].filter(Boolean).join(" "), name)}
        type="button"
        aria-pressed={filled}
        onClick={() => fields.toggleAdopted(tag)}
      >
        {filled && image ? (
          <img className="tag__image" src={image} alt="" draggable={false} />
        ) : (
          <span className="tag__prompt">
            {tag.width >= 90 ? <Icon name="pen" size={14} /> : null}
            {shown}
          </span>
        )}{" "}
        <span className="tag__witness-line" data-testid={`witness-line-${tag.id}`}>
          {witnessLine}
        </span>
      </button>
    );
  } else if (fields.narrow) {
    // on a phone the page is scaled down to the screen: the field opens a sheet to fill it in
    control = <SheetOpener tag={tag} value={value} filled={filled} common={common} />;
  } else {
    control = <InlineControl tag={tag} value={value} common={common} />;
  }

  return (
    <div className={classes} style={slotStyle}>
      {/* on touch screens a tap near a small field reaches it: the label forwards the tap to the control */}
      {/* biome-ignore lint/a11y/noLabelWithoutControl: an empty hit area for the control named by aria-label */}
      {automatic ? null : <label htmlFor={id} className="tag__hit" aria-hidden="true" />}
      {control}
      {error ? (
        <span id={errorId} className="tag__error" role="alert">
          {t("sign.notSaved", { message: error })}
        </span>
      ) : null}
    </div>
  );
}

/** A field filled on the page itself (a screen wide enough to show it at a usable size). */
function InlineControl({ tag, value, common }: { tag: SigningTag; value: string | null; common: Common }) {
  const fields = useFields();
  switch (tag.type) {
    case "CHECKBOX":
      return (
        <input
          {...common}
          type="checkbox"
          checked={value === "true"}
          onChange={(event) => fields.choose(tag, event.target.checked ? "true" : null)}
        />
      );
    case "RADIO":
      return (
        <input
          {...common}
          type="radio"
          name={`radio-${tag.documentId}-${tag.groupName ?? tag.id}`}
          value={tag.optionValue ?? ""}
          checked={value !== null && value === tag.optionValue}
          onChange={() => fields.choose(tag, tag.optionValue)}
        />
      );
    case "DROPDOWN":
      return (
        <select {...common} value={value ?? ""} onChange={(event) => fields.choose(tag, event.target.value || null)}>
          <option value="">—</option>
          {tag.options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      );
    default:
      return (
        <input
          {...common}
          type="text"
          maxLength={4000}
          autoComplete="off"
          placeholder={tag.type === "CUSTOM_FIELD" ? (tag.customFieldName ?? "") : (tag.label ?? "")}
          value={value ?? ""}
          onChange={(event) => fields.setText(tag, event.target.value)}
          onBlur={() => fields.flush(tag)}
        />
      );
  }
}

/** On a phone: the field as printed (its value, a tick, a dot), a button that opens the sheet. */
function SheetOpener(props: { tag: SigningTag; value: string | null; filled: boolean; common: Common }) {
  const { t } = useTranslation();
  const fields = useFields();
  const { tag, value, filled, common } = props;
  const choice = tag.type === "CHECKBOX" || tag.type === "RADIO";
  const state = choice
    ? t(filled ? "fill.chosen" : "fill.notChosen")
    : filled && value !== null
      ? value
      : t("fill.empty");
  return (
    <button
      {...common}
      aria-label={choice || !filled ? `${common["aria-label"]}: ${state}` : withShown(state, common["aria-label"])}
      type="button"
      aria-haspopup="dialog"
      onClick={() => fields.openSheet(tag)}
    >
      {choice ? (
        filled ? (
          <Icon name="check" className="tag__mark" />
        ) : null
      ) : (
        <span className="tag__text">{filled ? value : ""}</span>
      )}
    </button>
  );
}
