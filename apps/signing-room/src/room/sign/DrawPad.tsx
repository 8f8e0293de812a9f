import { type Ref, useEffect, useImperativeHandle, useRef } from "react";
import type SignaturePad from "signature_pad";
import { drawnImage, INK } from "../../signature/signature-image.ts";

export interface DrawPadHandle {
  isEmpty(): boolean;
  clear(): void;
  /** the drawing, cropped, as a PNG data URL (null when nothing is drawn) */
  image(): string | null;
}

/** A canvas to draw on with mouse, finger or stylus (signature_pad, loaded when first shown). */
export function DrawPad(props: {
  label: string;
  onChange: (empty: boolean) => void;
  tall?: boolean;
  ref?: Ref<DrawPadHandle>;
}) {
  const { label, onChange, tall, ref } = props;
  {
    const canvas = useRef<HTMLCanvasElement>(null);
    const pad = useRef<SignaturePad | null>(null);
    const changed = useRef(onChange);
    changed.current = onChange;

    useImperativeHandle(ref, () => ({
      isEmpty: () => pad.current?.isEmpty() ?? true,
      clear: () => {
        pad.current?.clear();
        changed.current(true);
      },
      image: () => (pad.current && !pad.current.isEmpty() && canvas.current ? drawnImage(canvas.current) : null),
    }));

    useEffect(() => {
      const element = canvas.current;
      if (!element) return;
      let active = true;
      let observer: ResizeObserver | null = null;
      void import("signature_pad").then(({ default: Pad }) => {
        if (!active) return;
        const signaturePad = new Pad(element, { penColor: INK, minWidth: 0.8, maxWidth: 2.8 });
        pad.current = signaturePad;
        signaturePad.addEventListener("endStroke", () => changed.current(signaturePad.isEmpty()));
        const fit = () => {
          const ratio = Math.max(window.devicePixelRatio || 1, 1);
          const width = element.offsetWidth;
          const height = element.offsetHeight;
          if (width === 0 || height === 0) return;
          if (element.width === Math.floor(width * ratio) && element.height === Math.floor(height * ratio)) return;
          const data = signaturePad.toData();
          element.width = Math.floor(width * ratio);
          element.height = Math.floor(height * ratio);
          element.getContext("2d")?.scale(ratio, ratio);
          signaturePad.fromData(data);
        };
        fit();
        observer = new ResizeObserver(fit);
        observer.observe(element);
      });
      return () => {
        active = false;
        observer?.disconnect();
        pad.current?.off();
        pad.current = null;
      };
    }, []);

    return (
      <canvas
        ref={canvas}
        className={tall ? "draw-pad draw-pad--tall" : "draw-pad"}
        role="img"
        aria-label={label}
        data-testid={tall ? "draw-signature" : "draw-initials"}
      />
    );
  }
}
