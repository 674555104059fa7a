/** One paper piece of the confetti: position and speed in CSS pixels (per second), spin in radians. */
export interface ConfettiPiece {
  x: number;
  y: number;
  vx: number;
  vy: number;
  size: number;
  angle: number;
  spin: number;
  color: string;
}

const GRAVITY = 220;
/** Terminal fall speed, so pieces flutter rather than drop. */
const MAX_FALL = 260;

/** `count` pieces spread across the width, starting just above the top edge at staggered heights. */
export function createPieces(
  count: number,
  width: number,
  height: number,
  colors: readonly string[],
  random: () => number = Math.random,
): ConfettiPiece[] {
  return Array.from({ length: count }, (_, i) => ({
    x: random() * width,
    y: -20 - random() * height * 0.5,
    vx: (random() - 0.5) * 120,
    vy: 40 + random() * 120,
    size: 6 + random() * 6,
    angle: random() * Math.PI * 2,
    spin: (random() - 0.5) * 8,
    color: colors[i % colors.length] ?? '#888888',
  }));
}

/**
 * Moves a piece by `dt` seconds. A piece that falls past the bottom comes back at the top while the show
 * lasts (`recycle`), so the screen stays lively for the whole duration; afterwards the pieces fall away.
 */
export function stepPiece(piece: ConfettiPiece, dt: number, width: number, height: number, recycle: boolean) {
  piece.vy = Math.min(MAX_FALL, piece.vy + GRAVITY * dt);
  piece.x += piece.vx * dt;
  piece.y += piece.vy * dt;
  piece.angle += piece.spin * dt;
  if (piece.x < -20) piece.x = width + 20;
  if (piece.x > width + 20) piece.x = -20;
  if (recycle && piece.y > height + 20) {
    piece.y = -20;
    piece.vy = 40;
  }
}

/** True once every piece has left the bottom of the screen. */
export function allFallen(pieces: readonly ConfettiPiece[], height: number): boolean {
  return pieces.every((p) => p.y > height + 20);
}
