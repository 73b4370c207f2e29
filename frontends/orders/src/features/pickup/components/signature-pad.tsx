import { useEffect, useImperativeHandle, useRef, type PointerEvent, type Ref } from 'react';
import Box from '@mui/material/Box';

/** What the delivery dialog asks of the pad. */
export interface SignaturePadHandle {
  clear(): void;
  /** The drawing as a PNG (null where the browser cannot make one). */
  toBlob(): Promise<Blob | null>;
}

/** Height of the pad in CSS pixels; the width follows the dialog. */
const PAD_HEIGHT = 200;
/** Width taken where the layout has none to measure (before the first layout). */
const FALLBACK_WIDTH = 600;

export interface SignaturePadProps {
  label: string;
  /** Called with true at the first stroke and with false when cleared. */
  onInk: (inked: boolean) => void;
  invalid?: boolean;
  ref?: Ref<SignaturePadHandle>;
}

/**
 * A canvas to sign on with a finger, pen or mouse (pointer events; `touch-action: none` keeps the
 * page from scrolling under the finger), white behind the strokes so the PNG reads on any background.
 */
export function SignaturePad({ label, onInk, invalid, ref }: SignaturePadProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const size = useRef({ width: FALLBACK_WIDTH, height: PAD_HEIGHT });
  const last = useRef<{ x: number; y: number } | null>(null);
  const inked = useRef(false);

  const context = () => canvasRef.current?.getContext('2d') ?? null;
  const paper = () => {
    const ctx = context();
    if (!ctx) return;
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, size.current.width, size.current.height);
    ctx.strokeStyle = '#1a237e';
    ctx.lineWidth = 2.5;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
  };

  // Drawn at the device's pixel density, measured once when shown.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const width = Math.round(canvas.getBoundingClientRect().width) || FALLBACK_WIDTH;
    const ratio = window.devicePixelRatio || 1;
    size.current = { width, height: PAD_HEIGHT };
    canvas.width = width * ratio;
    canvas.height = PAD_HEIGHT * ratio;
    context()?.scale(ratio, ratio);
    paper();
  }, []);

  useImperativeHandle(ref, () => ({
    clear() {
      paper();
      last.current = null;
      if (inked.current) onInk(false);
      inked.current = false;
    },
    toBlob: () =>
      new Promise<Blob | null>((resolve) => {
        const canvas = canvasRef.current;
        if (!canvas || typeof canvas.toBlob !== 'function') return resolve(null);
        canvas.toBlob(resolve, 'image/png');
      }),
  }));

  /** The pointer's place in the pad's own coordinates (the pad may have been resized since). */
  const point = (e: PointerEvent<HTMLCanvasElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    const scaleX = rect.width ? size.current.width / rect.width : 1;
    const scaleY = rect.height ? size.current.height / rect.height : 1;
    return { x: ((e.clientX ?? 0) - rect.left) * scaleX, y: ((e.clientY ?? 0) - rect.top) * scaleY };
  };

  return (
    <Box sx={{ border: 1, borderColor: invalid ? 'error.main' : 'divider', borderRadius: 1, overflow: 'hidden', bgcolor: '#fff' }}>
      <canvas
        ref={canvasRef}
        role="img"
        aria-label={label}
        style={{ display: 'block', width: '100%', height: PAD_HEIGHT, touchAction: 'none', cursor: 'crosshair' }}
        onPointerDown={(e) => {
          e.preventDefault();
          e.currentTarget.setPointerCapture?.(e.pointerId);
          last.current = point(e);
        }}
        onPointerMove={(e) => {
          const from = last.current;
          if (!from) return;
          const to = point(e);
          const ctx = context();
          if (ctx) {
            ctx.beginPath();
            ctx.moveTo(from.x, from.y);
            ctx.lineTo(to.x, to.y);
            ctx.stroke();
          }
          last.current = to;
          if (!inked.current) {
            inked.current = true;
            onInk(true);
          }
        }}
        onPointerUp={() => (last.current = null)}
        onPointerCancel={() => (last.current = null)}
      />
    </Box>
  );
}
