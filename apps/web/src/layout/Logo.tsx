import { IconSignature } from "@tabler/icons-react";
import type { MouseEvent } from "react";
import classes from "./layout.module.css";

export function LogoMark() {
  return (
    <span className={classes.logoMark}>
      <IconSignature size={20} strokeWidth={2.2} />
    </span>
  );
}

export function Logo({ href, onClick }: { href?: string; onClick?: (event: MouseEvent<HTMLElement>) => void }) {
  const content = (
    <>
      <LogoMark />
      <span>Signet</span>
    </>
  );
  if (!href) return <span className={classes.logo}>{content}</span>;
  return (
    <a className={classes.logo} href={href} onClick={onClick} aria-label="Signet home">
      {content}
    </a>
  );
}
