import { useEffect, useState } from 'react';
import { fetchPrivateImage } from '../../api/media';

/**
 * An object URL for a private photo. Stored photos are only served with the patient's token, which an
 * <img src> cannot send, so the bytes are fetched and shown from memory; the URL is revoked when done.
 */
export function useAuthorizedImage(path: string | null | undefined): { src: string | null; failed: boolean } {
  const [state, setState] = useState<{ src: string | null; failed: boolean }>({ src: null, failed: false });
  useEffect(() => {
    if (!path || typeof URL.createObjectURL !== 'function') return;
    const controller = new AbortController();
    let url: string | null = null;
    fetchPrivateImage(path, controller.signal)
      .then((blob) => {
        url = URL.createObjectURL(blob);
        setState({ src: url, failed: false });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ src: null, failed: true });
      });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [path]);
  return state;
}
