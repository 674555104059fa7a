import { useAuthorizedImage } from '../../../components/camera/use-authorized-image';
import { Button } from '../../../components/ui/button';

function StoredPhoto({
  title,
  noun,
  path,
  onReplace,
}: {
  title: string;
  noun: string;
  path: string | null;
  onReplace: () => void;
}) {
  const image = useAuthorizedImage(path);
  return (
    <figure className="identity-stored">
      <div className="identity-stored__frame">
        {image.src ? (
          <img className="identity-stored__image" src={image.src} alt={`Your ${noun}`} />
        ) : (
          <span className="identity-stored__empty">
            {path ? (image.failed ? 'Photo could not be shown' : 'Photo on file') : 'Not uploaded yet'}
          </span>
        )}
      </div>
      <figcaption className="identity-stored__caption">
        <span>{title}</span>
        <Button size="sm" variant="secondary" onClick={onReplace}>
          {path ? `Replace ${noun}` : `Take ${noun}`}
        </Button>
      </figcaption>
    </figure>
  );
}

/** The photos already on file, each replaceable (000 §2 Screen 9 existing_identity). */
export function ExistingIdentity({
  idUrl,
  selfieUrl,
  onReplaceId,
  onReplaceSelfie,
}: {
  idUrl: string | null;
  selfieUrl: string | null;
  onReplaceId: () => void;
  onReplaceSelfie: () => void;
}) {
  return (
    <div className="identity-stored-list">
      <StoredPhoto title="ID photo" noun="ID photo" path={idUrl} onReplace={onReplaceId} />
      <StoredPhoto title="Selfie" noun="selfie" path={selfieUrl} onReplace={onReplaceSelfie} />
    </div>
  );
}
