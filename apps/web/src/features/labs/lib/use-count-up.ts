import { useEffect, useState } from 'react';

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

const frame = (callback: () => void): (() => void) => {
  if (typeof window.requestAnimationFrame === 'function') {
    const id = window.requestAnimationFrame(callback);
    return () => window.cancelAnimationFrame(id);
  }
  const id = setTimeout(callback, 16);
  return () => clearTimeout(id);
};

/**
 * A number counting up from 0 to `target` over `durationMs` (easing out), to one decimal; the target at
 * once for a patient who asks for reduced motion.
 */
export function useCountUp(target: number, durationMs: number): number {
  const [shown, setShown] = useState(() => (prefersReducedMotion() ? target : 0));
  useEffect(() => {
    if (prefersReducedMotion() || durationMs <= 0) {
      setShown(target);
      return;
    }
    const start = Date.now();
    let cancel = () => {};
    const tick = () => {
      const t = Math.min(1, (Date.now() - start) / durationMs);
      const eased = 1 - (1 - t) ** 3;
      setShown(t >= 1 ? target : Math.round(target * eased * 10) / 10);
      if (t < 1) cancel = frame(tick);
    };
    setShown(0);
    cancel = frame(tick);
    return () => cancel();
  }, [target, durationMs]);
  return shown;
}
