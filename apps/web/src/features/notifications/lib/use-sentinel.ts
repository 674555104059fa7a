import { useEffect, useState } from 'react';

/**
 * Infinite scroll: calls `onReached` when the sentinel element comes into view (inside `root`, else the
 * viewport), after `delayMs`, while `enabled`. It fires again when it becomes enabled while the sentinel is
 * still in view (a page that did not fill the list), so a short list keeps loading until the end.
 */
export function useSentinel(
  onReached: () => void,
  opts: { enabled: boolean; delayMs?: number; root?: Element | null },
) {
  const [element, setElement] = useState<Element | null>(null);
  const [inView, setInView] = useState(false);
  const { enabled, delayMs = 0, root = null } = opts;

  useEffect(() => {
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => setInView(entries.some((e) => e.isIntersecting)), {
      root,
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, root]);

  useEffect(() => {
    if (!inView || !enabled) return;
    const timer = setTimeout(onReached, delayMs);
    return () => clearTimeout(timer);
  }, [inView, enabled, delayMs, onReached]);

  return setElement;
}
