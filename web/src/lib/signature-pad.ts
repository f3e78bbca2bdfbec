import { useEffect, useRef, useState } from 'react';
import type SignaturePad from 'signature_pad';

/** The longest side of the pad's bitmap per CSS pixel: a sharp line, a small PNG. */
const MAX_RATIO = 2;

/**
 * A signature pad on the returned `canvas` (consents, DESIGN §11.8): it fills the element's
 * width, keeps what was drawn when the element is resized or the phone turns, and calls
 * `onStroke` after each stroke. Its library loads with the first pad shown, so the pages that
 * may show one (the cita's public link) load light (DESIGN §11.10).
 */
export function useSignaturePad(onStroke: () => void) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const [ready, setReady] = useState(false);
  const stroked = useRef(onStroke);
  useEffect(() => {
    stroked.current = onStroke;
  }, [onStroke]);

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    let closed = false;
    let release = () => {};
    void import('signature_pad').then(({ default: Pad }) => {
      if (closed) return;
      const signature = new Pad(element, { penColor: '#000' });
      pad.current = signature;
      const fit = () => {
        const ratio = Math.min(Math.max(window.devicePixelRatio || 1, 1), MAX_RATIO);
        const drawn = signature.toData();
        element.width = element.offsetWidth * ratio;
        element.height = element.offsetHeight * ratio;
        element.getContext('2d')?.scale(ratio, ratio);
        signature.clear();
        signature.fromData(drawn);
      };
      fit();
      const onEnd = () => stroked.current();
      signature.addEventListener('endStroke', onEnd);
      const observer = new ResizeObserver(fit);
      observer.observe(element);
      setReady(true);
      release = () => {
        observer.disconnect();
        signature.removeEventListener('endStroke', onEnd);
        signature.off();
        pad.current = null;
      };
    });
    return () => {
      closed = true;
      release();
    };
  }, []);

  return {
    canvas,
    /** False until the pad takes strokes: the canvas says so with `aria-busy`. */
    ready,
    /** The drawing as a PNG data URL; '' while nothing is drawn. */
    image: () => (pad.current && !pad.current.isEmpty() ? pad.current.toDataURL('image/png') : ''),
    clear: () => pad.current?.clear(),
  };
}
