import type { SigningTag } from "@signet/contract";
import { type KeyboardEvent, useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Dialog } from "../../ui/Dialog.tsx";
import { useFields } from "./fields-context.tsx";
import { useTagName } from "./TagField.tsx";

/**
 * On a phone, a field is filled here rather than on the page (where it is a few pixels tall): a
 * bottom sheet with a normal-size input, or each choice as a large option.
 * `group`: a radio button's whole group, in document order.
 */
export function FieldSheet({ tag, group, onClose }: { tag: SigningTag; group: SigningTag[]; onClose: () => void }) {
  const { t } = useTranslation();
  const fields = useFields();
  const nameOf = useTagName();
  const input = useRef<HTMLInputElement>(null);
  const base = useId();
  const required = fields.states.get(tag.id)?.required ?? false;
  // a radio button's sheet holds its whole group: named after the group, not the one option
  const groupName = tag.label?.trim() || tag.groupName || t("tags.types.RADIO");
  const title =
    tag.type === "RADIO" ? (required ? t("tags.required", { label: groupName }) : groupName) : nameOf(tag, required);
  const value = fields.values[tag.id] ?? null;

  // after the dialog's own focus (its first button): the keyboard comes up for typing
  useEffect(() => input.current?.focus(), []);

  function close() {
    fields.flush(tag);
    onClose();
  }

  const onEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    close();
  };

  let body: React.ReactNode;
  switch (tag.type) {
    case "CHECKBOX":
      body = (
        <label className="sheet-option">
          <input
            type="checkbox"
            checked={value === "true"}
            onChange={(event) => fields.choose(tag, event.target.checked ? "true" : null)}
          />
          <span>{tag.label?.trim() || t("fill.check")}</span>
        </label>
      );
      break;
    case "RADIO":
    case "DROPDOWN": {
      const options =
        tag.type === "RADIO"
          ? group.map((member) => ({ tag: member, value: member.optionValue ?? "" }))
          : tag.options.map((option) => ({ tag, value: option }));
      body = (
        <fieldset className="sheet-options">
          <legend className="visually-hidden">{title}</legend>
          {options.map((option) => (
            <label key={`${option.tag.id}-${option.value}`} className="sheet-option">
              <input
                type="radio"
                name={`${base}-choice`}
                checked={fields.values[option.tag.id] === option.value}
                onChange={() => fields.choose(option.tag, option.value)}
              />
              <span>{option.value}</span>
            </label>
          ))}
        </fieldset>
      );
      break;
    }
    default:
      body = (
        <div className="field">
          <label htmlFor={`${base}-text`}>{t("fill.yourAnswer")}</label>
          <input
            ref={input}
            id={`${base}-text`}
            className="input"
            type="text"
            maxLength={4000}
            autoComplete="off"
            enterKeyHint="done"
            value={value ?? ""}
            onChange={(event) => fields.setText(tag, event.target.value)}
            onKeyDown={onEnter}
          />
        </div>
      );
  }

  return (
    <Dialog
      title={title}
      onClose={close}
      sheet
      testId="field-sheet"
      footer={
        <button type="button" className="button button--primary" onClick={close}>
          {t("fill.done")}
        </button>
      }
    >
      {body}
    </Dialog>
  );
}
