/** Which camera a step uses: the front one for the selfie, the rear one for the ID card. */
export type Facing = 'user' | 'environment';

/** Why the camera cannot be used: the patient or browser refused, or there is no usable camera. */
export type CameraProblem = 'denied' | 'unavailable';

/** Opens the camera, preferring the given side (ideal, so a laptop with one camera still works). */
export async function openCamera(facing: Facing): Promise<MediaStream> {
  if (typeof window !== 'undefined' && window.isSecureContext === false) {
    throw new DOMException('Camera needs a secure page', 'SecurityError');
  }
  const devices = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
  if (!devices?.getUserMedia) throw new DOMException('No camera support', 'NotFoundError');
  return devices.getUserMedia({
    audio: false,
    video: { facingMode: { ideal: facing }, width: { ideal: 1920 }, height: { ideal: 1080 } },
  });
}

/** Sorts a getUserMedia failure: a refusal shows the permission help, anything else the upload fallback. */
export function cameraProblem(error: unknown): CameraProblem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  return name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError'
    ? 'denied'
    : 'unavailable';
}

/** Stops every track, so the camera light goes off. */
export function stopCamera(stream: MediaStream | null | undefined): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/** The video's current frame as a JPEG. */
export function captureFrame(video: HTMLVideoElement, quality = 0.92): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth || 1280;
  canvas.height = video.videoHeight || 720;
  const context = canvas.getContext('2d');
  context?.drawImage(video, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The photo could not be taken.'))),
      'image/jpeg',
      quality,
    );
  });
}
