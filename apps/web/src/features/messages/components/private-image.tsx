import { type ReactNode, useState } from 'react';
import { useAuthorizedImage } from '../../../components/camera/use-authorized-image';

/** A path on the portal (a stored file) is served only with the patient's token; other addresses are public. */
const isPortalPath = (url: string) => url.startsWith('/');

interface ImageProps {
  url: string;
  alt: string;
  className?: string;
  /** Shown when the image cannot be loaded. */
  fallback?: ReactNode;
}

function PortalImage({ url, alt, className, fallback }: ImageProps) {
  const { src, failed } = useAuthorizedImage(url);
  if (failed) return <>{fallback ?? null}</>;
  if (!src) return <span className={`${className ?? ''} messages-image--loading`} aria-hidden="true" />;
  return <img className={className} src={src} alt={alt} />;
}

function WebImage({ url, alt, className, fallback }: ImageProps) {
  const [failed, setFailed] = useState(false);
  if (failed) return <>{fallback ?? null}</>;
  return (
    <img
      className={className}
      src={url}
      alt={alt}
      loading="lazy"
      referrerPolicy="no-referrer"
      onError={() => setFailed(true)}
    />
  );
}

/**
 * An image of a message: a file stored on the portal comes through the API with the token and shows from
 * memory (an <img src> cannot send the token); a web address loads directly, lazily and without a referrer.
 */
export function MessageImage(props: ImageProps) {
  return isPortalPath(props.url) ? <PortalImage {...props} /> : <WebImage {...props} />;
}
