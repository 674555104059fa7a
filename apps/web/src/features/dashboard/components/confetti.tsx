import { CONFETTI_MS, CONFETTI_PIECES } from '@portal/domain/constants';
import { useEffect, useRef } from 'react';
import { allFallen, createPieces, stepPiece } from '../lib/confetti';

const COLORS = ['#f2c94c', '#eb5757', '#56ccf2', '#6fcf97', '#bb6bd9'];

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * The success confetti (001 §2, §9: 100 pieces for 15 seconds) on a canvas over the page; it lets clicks
 * through, is hidden from assistive technology and is left out entirely for reduced motion.
 */
export function Confetti({ pieces = CONFETTI_PIECES, durationMs = CONFETTI_MS }) {
  const ref = useRef<HTMLCanvasElement>(null);
  const reduced = prefersReducedMotion();

  useEffect(() => {
    const canvas = ref.current;
    if (reduced || !canvas || typeof window.requestAnimationFrame !== 'function') return;
    const context = canvas.getContext('2d');
    if (!context) return;
    const ratio = window.devicePixelRatio || 1;
    const width = window.innerWidth;
    const height = window.innerHeight;
    canvas.width = width * ratio;
    canvas.height = height * ratio;
    context.scale(ratio, ratio);
    const brand = getComputedStyle(document.documentElement).getPropertyValue('--brand-primary').trim();
    const state = createPieces(pieces, width, height, brand ? [brand, ...COLORS] : COLORS);
    const started = performance.now();
    let last = started;
    let frame = 0;
    const draw = (now: number) => {
      const dt = Math.min(0.05, (now - last) / 1000);
      last = now;
      const running = now - started < durationMs;
      context.clearRect(0, 0, width, height);
      for (const piece of state) {
        stepPiece(piece, dt, width, height, running);
        context.save();
        context.translate(piece.x, piece.y);
        context.rotate(piece.angle);
        context.fillStyle = piece.color;
        context.fillRect(-piece.size / 2, -piece.size / 4, piece.size, piece.size / 2);
        context.restore();
      }
      if (running || !allFallen(state, height)) frame = window.requestAnimationFrame(draw);
    };
    frame = window.requestAnimationFrame(draw);
    return () => window.cancelAnimationFrame(frame);
  }, [reduced, pieces, durationMs]);

  if (reduced) return null;
  return (
    <div className="confetti" aria-hidden="true">
      <canvas ref={ref} className="confetti__canvas" data-pieces={pieces} />
    </div>
  );
}
