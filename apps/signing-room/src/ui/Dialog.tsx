import { type ReactNode, useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "./Icon.tsx";

/**
 * A modal dialog on the native <dialog>: focus moves in and stays (showModal), Escape closes, focus
 * returns to what opened it.
 */
export function Dialog(props: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
  /** a bottom sheet on a phone: the screen's whole width, against its bottom edge */
  sheet?: boolean;
  /** while busy, Escape and the close button do nothing */
  busy?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onClose = useRef(props.onClose);
  onClose.current = props.onClose;
  const busy = useRef(props.busy);
  busy.current = props.busy;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const cancel = (event: Event) => {
      event.preventDefault();
      if (!busy.current) onClose.current();
    };
    dialog.addEventListener("cancel", cancel);
    return () => {
      dialog.removeEventListener("cancel", cancel);
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={["dialog", props.wide ? "dialog--wide" : "", props.sheet ? "dialog--sheet" : ""]
        .filter(Boolean)
        .join(" ")}
      aria-labelledby={titleId}
      data-testid={props.testId}
    >
      <div className="dialog__header">
        <h2 id={titleId} className="dialog__title">
          {props.title}
        </h2>
        <button
          type="button"
          className="icon-button"
          aria-label={t("common.close")}
          onClick={() => !props.busy && props.onClose()}
        >
          <Icon name="x" />
        </button>
      </div>
      <div className="dialog__body">{props.children}</div>
      {props.footer ? <div className="dialog__footer">{props.footer}</div> : null}
    </dialog>
  );
}
