import { describe, expect, it } from 'vitest';
import { allFallen, createPieces, stepPiece } from './confetti';

// A fixed "random" of 0.5 makes every figure below exact.
const half = () => 0.5;

describe('confetti', () => {
  it('makes the asked number of pieces above the screen, colours in turn', () => {
    const pieces = createPieces(100, 400, 800, ['red', 'blue'], half);
    expect(pieces).toHaveLength(100);
    // x = 0.5 x 400 = 200; y = -20 - 0.5 x 800 x 0.5 = -220; vy = 40 + 0.5 x 120 = 100; size = 6 + 3 = 9
    expect(pieces[0]).toMatchObject({ x: 200, y: -220, vx: 0, vy: 100, size: 9, color: 'red' });
    expect(pieces[1]?.color).toBe('blue');
  });

  it('falls with gravity and recycles to the top while the show lasts', () => {
    const [piece] = createPieces(1, 400, 800, ['red'], half);
    stepPiece(piece!, 0.5, 400, 800, true);
    // vy = min(260, 100 + 220 x 0.5) = 210; y = -220 + 210 x 0.5 = -115
    expect(piece!.vy).toBe(210);
    expect(piece!.y).toBe(-115);
    piece!.y = 830;
    stepPiece(piece!, 0, 400, 800, true);
    expect(piece!.y).toBe(-20);
    piece!.y = 830;
    stepPiece(piece!, 0, 400, 800, false);
    expect(allFallen([piece!], 800)).toBe(true);
  });
});
