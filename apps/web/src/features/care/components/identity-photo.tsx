import { useAuthorizedImage } from '../../../components/camera/use-authorized-image';

/** A stored photo, fetched with the staff member's token (an <img src> cannot send it) and kept in memory only. */
export function IdentityPhoto({
  path,
  label,
  caption,
}: {
  path: string | null;
  label: string;
  caption: string;
}) {
  const photo = useAuthorizedImage(path);
  return (
    <figure className="care-photo">
      <div className="care-photo__frame">
        {!path ? (
          <span className="care-muted">Not uploaded</span>
        ) : photo.src ? (
          <img className="care-photo__img" src={photo.src} alt={label} />
        ) : photo.failed ? (
          <span className="care-muted">The photo could not be loaded.</span>
        ) : (
          <span className="care-muted">Loading…</span>
        )}
      </div>
      <figcaption>{caption}</figcaption>
    </figure>
  );
}
