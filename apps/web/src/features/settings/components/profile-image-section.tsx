import { PROFILE_IMAGE_REFRESH_MS } from '@portal/domain/constants';
import { MESSAGES, uploadFailureMessage } from '@portal/domain/messages';
import { fileExtension, validatePhotoFile } from '@portal/domain/validation/uploads';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { uploadPhoto } from '../../../api/media';
import { patientQueryOptions, usePatientSaved } from '../../../api/patient';
import { CameraHelpPanel } from '../../../components/camera/camera-help-panel';
import { useAuthorizedImage } from '../../../components/camera/use-authorized-image';
import { SectionAlert, SettingsSection } from '../../../components/settings-section/settings-section';
import { useSettingsAlert } from '../../../components/settings-section/use-settings-alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-error';
import { type CameraProblem, cameraProblem, captureFrame, openCamera, stopCamera } from '../../../lib/camera';
import type { Patient } from '../../../lib/patient';

type Photo = { blob: Blob; name: string; url: string | null };
type View = 'idle' | 'camera' | 'preview';

const ACCEPT = 'image/png,image/jpeg,image/tiff,image/heic,image/heif,.png,.jpg,.jpeg,.tif,.tiff,.heic';
const objectUrl = (blob: Blob) =>
  typeof URL.createObjectURL === 'function' ? URL.createObjectURL(blob) : null;
const revoke = (url: string | null | undefined) => {
  if (url && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(url);
};
/** Browsers other than Safari cannot draw HEIC or TIFF: such a preview shows the file name instead. */
const drawable = (photo: Photo) =>
  photo.url !== null && !['heic', 'heif', 'tif', 'tiff'].includes(fileExtension(photo.name));

/**
 * Profile image (001 §2, §4, §5, §8): take a selfie with the front camera or upload one (PNG, JPG, TIFF or
 * HEIC up to 10mb), preview with Retake, then save. A refused camera shows the help panel with an upload
 * fallback; a file-size error hides the save button. After a save the new photo shows at once and the
 * patient record is fetched again 2 seconds later.
 */
export function ProfileImageSection({ user }: { user: Patient }) {
  const queryClient = useQueryClient();
  const saved = usePatientSaved(user._id);
  const alert = useSettingsAlert();
  const stored = useAuthorizedImage(user.image?.profile?.profile_url);
  const [view, setView] = useState<View>('idle');
  const [photo, setPhoto] = useState<Photo | null>(null);
  const [uploaded, setUploaded] = useState<Photo | null>(null);
  const [problem, setProblem] = useState<CameraProblem | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const [tooBig, setTooBig] = useState(false);
  const [saving, setSaving] = useState(false);
  const [capturing, setCapturing] = useState(false);
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // The camera runs only while its view is shown.
  useEffect(() => {
    if (view !== 'camera') return;
    let cancelled = false;
    openCamera('user').then(
      (stream) => {
        if (cancelled) return stopCamera(stream);
        streamRef.current = stream;
        const video = videoRef.current;
        if (video) {
          video.srcObject = stream;
          void video.play?.()?.catch(() => undefined);
        }
      },
      (error: unknown) => {
        if (cancelled) return;
        setProblem(cameraProblem(error));
        setHelpOpen(true);
        setView('idle');
      },
    );
    return () => {
      cancelled = true;
      stopCamera(streamRef.current);
      streamRef.current = null;
    };
  }, [view]);

  useEffect(() => () => revoke(photo?.url), [photo]);
  useEffect(() => () => revoke(uploaded?.url), [uploaded]);
  useEffect(
    () => () => {
      if (refreshTimer.current) clearTimeout(refreshTimer.current);
    },
    [],
  );

  function choose(next: Photo) {
    alert.dismiss();
    setTooBig(false);
    setPhoto(next);
    setView('preview');
  }

  async function capture() {
    const video = videoRef.current;
    if (!video) return;
    setCapturing(true);
    try {
      const blob = await captureFrame(video);
      choose({ blob, name: 'profile.jpg', url: objectUrl(blob) });
    } catch {
      alert.error(MESSAGES.uploadFailed);
    } finally {
      setCapturing(false);
    }
  }

  function onFile(file: File | undefined) {
    if (fileRef.current) fileRef.current.value = '';
    if (!file) return;
    const problemText = validatePhotoFile(file);
    if (problemText) {
      setPhoto(null);
      setView('idle');
      alert.error(problemText);
      return;
    }
    choose({ blob: file, name: file.name, url: objectUrl(file) });
  }

  function retake() {
    setPhoto(null);
    setTooBig(false);
    alert.dismiss();
    setView(problem ? 'idle' : 'camera');
    if (problem) fileRef.current?.click();
  }

  async function save() {
    if (!photo) return;
    setSaving(true);
    alert.dismiss();
    try {
      await uploadPhoto({
        file: photo.blob,
        fileName: photo.name,
        userId: user._id,
        imageType: 'profile_images',
        reupload: false,
      });
      setUploaded(photo);
      setPhoto(null);
      setView('idle');
      alert.success(MESSAGES.photoUpdated);
      if (refreshTimer.current) clearTimeout(refreshTimer.current);
      refreshTimer.current = setTimeout(() => {
        queryClient
          .fetchQuery({ ...patientQueryOptions(user._id), staleTime: 0 })
          .then((fresh) => saved(fresh))
          .catch(() => undefined);
      }, PROFILE_IMAGE_REFRESH_MS);
    } catch (error) {
      const code = isApiError(error) ? error.text : null;
      setTooBig(code === 'FileSizeLimitError');
      alert.error(uploadFailureMessage(code));
    } finally {
      setSaving(false);
    }
  }

  const current = uploaded?.url ?? stored.src;

  return (
    <SettingsSection section="image">
      <input
        ref={fileRef}
        className="ui-visually-hidden"
        type="file"
        accept={ACCEPT}
        aria-label="Choose a profile image from your files"
        tabIndex={-1}
        onChange={(e) => onFile(e.target.files?.[0])}
      />
      <div className="settings-photo">
        {view === 'camera' ? (
          <div className="settings-photo__frame">
            <video
              ref={videoRef}
              className="settings-photo__video"
              autoPlay
              muted
              playsInline
              aria-label="Camera preview"
            />
          </div>
        ) : view === 'preview' && photo ? (
          <figure className="settings-photo__frame">
            {drawable(photo) ? (
              <img className="settings-photo__image" src={photo.url!} alt="Preview of your new selfie" />
            ) : (
              <figcaption className="settings-photo__file">{photo.name}</figcaption>
            )}
          </figure>
        ) : (
          <div className="settings-photo__frame settings-photo__frame--current">
            {current ? (
              <img className="settings-photo__image" src={current} alt="Your current selfie" />
            ) : user.image?.profile?.profile_url && !stored.failed ? (
              <Spinner label="Loading your profile image" />
            ) : (
              <p className="settings-photo__empty">No profile image yet</p>
            )}
          </div>
        )}
      </div>
      <SectionAlert state={alert} />
      <div className="settings-form__actions">
        {view === 'camera' ? (
          <>
            <Button onClick={() => void capture()} loading={capturing}>
              Capture
            </Button>
            <Button variant="secondary" onClick={() => setView('idle')}>
              Cancel
            </Button>
          </>
        ) : view === 'preview' ? (
          <>
            {tooBig ? null : (
              <Button onClick={() => void save()} loading={saving}>
                Save Photo
              </Button>
            )}
            <Button variant="secondary" onClick={retake} disabled={saving}>
              Retake
            </Button>
          </>
        ) : (
          <>
            {problem ? null : <Button onClick={() => setView('camera')}>Take Photo</Button>}
            <Button variant={problem ? 'primary' : 'secondary'} onClick={() => fileRef.current?.click()}>
              Upload Image
            </Button>
          </>
        )}
      </div>
      <p className="settings-section__hint">PNG, JPG, TIFF or HEIC, up to 10mb.</p>
      {problem ? (
        <CameraHelpPanel
          open={helpOpen}
          problem={problem}
          onClose={() => setHelpOpen(false)}
          onUpload={() => {
            setHelpOpen(false);
            fileRef.current?.click();
          }}
        />
      ) : null}
    </SettingsSection>
  );
}
