import { vi } from 'vitest';

/**
 * jsdom has no camera, canvas or object URLs: stubs for navigator.mediaDevices.getUserMedia, the canvas
 * drawing and toBlob (a small JPEG-typed blob) and URL.createObjectURL. restore() undoes them.
 */
export function stubCamera(getUserMedia?: (constraints: MediaStreamConstraints) => Promise<MediaStream>) {
  const tracks: { stop: ReturnType<typeof vi.fn> }[] = [];
  const open = vi.fn(
    getUserMedia ??
      (async () => {
        const track = { stop: vi.fn() };
        tracks.push(track);
        return { getTracks: () => [track] } as unknown as MediaStream;
      }),
  );
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia: open }, configurable: true });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
    drawImage: vi.fn(),
  } as unknown as CanvasRenderingContext2D);
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((callback, type) => {
    callback(new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], { type: type ?? 'image/png' }));
  });
  const saved = {
    create: Object.getOwnPropertyDescriptor(URL, 'createObjectURL'),
    revoke: Object.getOwnPropertyDescriptor(URL, 'revokeObjectURL'),
  };
  const created = vi.fn((_blob: Blob) => 'blob:preview');
  Object.defineProperty(URL, 'createObjectURL', { value: created, configurable: true });
  Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true });
  return {
    getUserMedia: open,
    tracks,
    restore() {
      Reflect.deleteProperty(navigator, 'mediaDevices');
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
      if (saved.create) Object.defineProperty(URL, 'createObjectURL', saved.create);
      if (saved.revoke) Object.defineProperty(URL, 'revokeObjectURL', saved.revoke);
    },
  };
}

/** A getUserMedia failure as browsers report it. */
export const mediaError = (name: string) => () => Promise.reject(new DOMException('camera', name));
