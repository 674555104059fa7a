import { useEffect, useState } from 'react';

export interface PlaceholderTiming {
  /** A loading shorter than this shows no placeholder at all (0: at once). */
  delayMs?: number;
  /** Once shown, the placeholder stays at least this long, so it never blinks. */
  minShownMs?: number;
}

type Phase = 'off' | 'holding' | 'on';

/**
 * Whether a loading placeholder (a skeleton) is on screen. It appears only once the loading has lasted
 * `delayMs`, so a quick answer goes straight to the content without a flash; once it is there, it stays
 * `minShownMs` even if the answer comes sooner, then leaves as soon as the loading is over. A loading already
 * over when the screen opens (a cached answer) never shows it. Plain timers, so fake timers drive it in tests.
 */
export function useDelayedPlaceholder(
  loading: boolean,
  { delayMs = 0, minShownMs = 0 }: PlaceholderTiming = {},
) {
  const [phase, setPhase] = useState<Phase>(loading && delayMs <= 0 ? 'holding' : 'off');

  const waiting = phase === 'off' && loading;
  // without a delay it is there from the very render the loading starts in
  if (waiting && delayMs <= 0) setPhase('holding');
  useEffect(() => {
    if (!waiting || delayMs <= 0) return;
    const timer = setTimeout(() => setPhase('holding'), delayMs);
    return () => clearTimeout(timer);
  }, [waiting, delayMs]);

  const holding = phase === 'holding';
  useEffect(() => {
    if (!holding) return;
    const timer = setTimeout(() => setPhase('on'), minShownMs);
    return () => clearTimeout(timer);
  }, [holding, minShownMs]);

  useEffect(() => {
    if (phase === 'on' && !loading) setPhase('off');
  }, [phase, loading]);

  return phase !== 'off';
}
