import { Anchor, type AnchorProps, Button, type ButtonProps } from "@mantine/core";
import { createLink } from "@tanstack/react-router";
import type { ComponentPropsWithRef } from "react";

// Mantine's look with the router's typed `to`/`params`/`search` (TanStack Router's createLink).
function MantineAnchor(props: AnchorProps & Omit<ComponentPropsWithRef<"a">, keyof AnchorProps>) {
  return <Anchor component="a" {...props} />;
}

function MantineButtonAnchor(props: ButtonProps & Omit<ComponentPropsWithRef<"a">, keyof ButtonProps>) {
  return <Button component="a" {...props} />;
}

export const AnchorLink = createLink(MantineAnchor);
export const ButtonLink = createLink(MantineButtonAnchor);
