import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { Icon } from "./Icon.tsx";

export interface MenuItem {
  label: string;
  onSelect: () => void;
  danger?: boolean;
}

function focusEntry(list: HTMLElement | null, index: number) {
  const entries = list?.querySelectorAll<HTMLButtonElement>("[role=menuitem]");
  if (!entries || entries.length === 0) return;
  entries[(index + entries.length) % entries.length]?.focus();
}

/** A menu button (ARIA menu pattern): Enter/Space/ArrowDown open it, arrows move, Escape closes. */
export function Menu({
  label,
  items,
  buttonClassName = "icon-button icon-button--on-brand",
}: {
  label: string;
  items: MenuItem[];
  buttonClassName?: string;
}) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const focusItem = (index: number) => focusEntry(list.current, index);

  useEffect(() => {
    if (!open) return;
    focusEntry(list.current, 0);
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!list.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const entries = [...(list.current?.querySelectorAll<HTMLButtonElement>("[role=menuitem]") ?? [])];
    const index = entries.indexOf(document.activeElement as HTMLButtonElement);
    if (event.key === "ArrowDown") focusItem(index + 1);
    else if (event.key === "ArrowUp") focusItem(index - 1);
    else if (event.key === "Home") focusItem(0);
    else if (event.key === "End") focusItem(entries.length - 1);
    else if (event.key === "Escape" || event.key === "Tab") {
      setOpen(false);
      if (event.key === "Escape") button.current?.focus();
      if (event.key === "Tab") return;
    } else return;
    event.preventDefault();
  };

  return (
    <div className="menu">
      <button
        ref={button}
        type="button"
        className={buttonClassName}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown") {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <Icon name="menu" />
      </button>
      {open ? (
        <div ref={list} id={menuId} className="menu__list" role="menu" aria-label={label} onKeyDown={onKeyDown}>
          {items.map((item) => (
            <button
              key={item.label}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={item.danger ? "menu__item menu__item--danger" : "menu__item"}
              onClick={() => {
                setOpen(false);
                button.current?.focus();
                item.onSelect();
              }}
            >
              {item.label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
