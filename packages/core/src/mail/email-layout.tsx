/** @jsxRuntime automatic @jsxImportSource react */
import { Body } from "@react-email/body";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Heading } from "@react-email/heading";
import { Html } from "@react-email/html";
import { Img } from "@react-email/img";
import { render } from "@react-email/render";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { type CSSProperties, Fragment, type ReactElement, type ReactNode } from "react";

/** The tagline under every email; a participant who only reviews never reads about signing. */
export const SIGNING_TAGLINE = "Signet — secure electronic signing";
export const REVIEWING_TAGLINE = "Signet — secure electronic documents";

export const DEFAULT_ACCENT = "#1c7ed6";
export const DEFAULT_ACCENT_TEXT = "#ffffff";

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

/**
 * Colours come from organization settings and end up in style attributes: only a six-digit hex
 * colour is taken, anything else falls back (React escapes attribute values, but a value such as
 * `red;background-image:url(x)` would still be valid CSS).
 */
export function hexColorOr(value: string | undefined, fallback: string): string {
  return value && HEX_COLOR.test(value) ? value : fallback;
}

export interface EmailBranding {
  /** shown above the message when it is an https address */
  logoUrl?: string;
  /** the stripe above the message: a hex colour, else the default accent */
  accentColor?: string;
}

export interface EmailLayoutProps {
  /** the document's title (the subject) */
  title: string;
  /** the heading above the message; organization templates write their own */
  heading?: string;
  tagline?: string;
  branding?: EmailBranding;
  children: ReactNode;
}

export function EmailLayout({ title, heading, tagline = SIGNING_TAGLINE, branding, children }: EmailLayoutProps) {
  const logoUrl = branding?.logoUrl && /^https:\/\//.test(branding.logoUrl) ? branding.logoUrl : undefined;
  return (
    <Html lang="en">
      <Head>
        <title>{title}</title>
      </Head>
      <Body style={{ fontFamily: "Arial,Helvetica,sans-serif", background: "#f4f6f8", margin: 0, padding: "24px" }}>
        <Container
          style={{
            maxWidth: "560px",
            background: "#ffffff",
            borderRadius: "8px",
            padding: "24px",
            ...(branding ? { borderTop: `4px solid ${hexColorOr(branding.accentColor, DEFAULT_ACCENT)}` } : {}),
          }}
        >
          {logoUrl ? (
            <Section style={{ paddingBottom: "16px" }}>
              <Img src={logoUrl} alt="" style={{ maxHeight: "48px", maxWidth: "200px" }} />
            </Section>
          ) : null}
          {heading ? (
            <Heading as="h1" style={{ fontSize: "20px", color: "#1c3d5a", margin: "0 0 16px" }}>
              {heading}
            </Heading>
          ) : null}
          {children}
          <Text style={{ color: "#6b7785", fontSize: "12px", marginTop: "24px" }}>{tagline}</Text>
        </Container>
      </Body>
    </Html>
  );
}

export interface ActionButtonProps {
  href: string;
  children: string;
  /** hex colours (organization branding); anything else gives the product's colours */
  background?: string | undefined;
  color?: string | undefined;
}

/**
 * A link drawn as a button. A plain anchor rather than React Email's Button: that one wraps the label
 * in spans for Outlook's padding, and the label must stay the anchor's own text (what the tests of
 * the sent emails, and mail clients' link previews, read).
 */
export function ActionButton({ href, children, background, color }: ActionButtonProps) {
  return (
    <Section style={{ margin: "16px 0" }}>
      <a
        href={href}
        style={{
          display: "inline-block",
          background: hexColorOr(background, DEFAULT_ACCENT),
          color: hexColorOr(color, DEFAULT_ACCENT_TEXT),
          padding: "10px 18px",
          borderRadius: "4px",
          textDecoration: "none",
        }}
      >
        {children}
      </a>
    </Section>
  );
}

/** A paragraph of the message (React Email's Text with the product's size). */
export function Paragraph({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  return <Text style={{ fontSize: "15px", lineHeight: "22px", margin: "0 0 14px", ...style }}>{children}</Text>;
}

export const SMALL_PRINT: CSSProperties = { color: "#4a5560", fontSize: "13px" };

/** Text written by people (a package's introduction): blank lines part paragraphs, a line break stays one. */
export function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text.split(/\n{2,}/).map((paragraph, index) => (
        // the paragraphs of one text never move, so their position is their identity
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Paragraph key={index}>
          {paragraph.split("\n").map((line, lineIndex) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines of one paragraph, as above
            <Fragment key={lineIndex}>
              {lineIndex > 0 ? <br /> : null}
              {line}
            </Fragment>
          ))}
        </Paragraph>
      ))}
    </>
  );
}

/** An email component as the HTML document that is sent. */
export function renderEmailHtml(email: ReactElement): Promise<string> {
  return render(email);
}
