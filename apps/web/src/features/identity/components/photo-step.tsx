import { uploadFailureMessage } from '@portal/domain/messages';
import { fileExtension, validatePhotoFile } from '@portal/domain/validation/uploads';
import { useEffect, useId, useRef, useState } from 'react';
import { useUploadPhoto } from '../../../api/media';
import { CameraHelpPanel } from '../../../components/camera/camera-help-panel';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-error';
import {
  type CameraProblem,
  cameraProblem,
  captureFrame,
  type Facing,
  openCamera,
  stopCamera,
} from '../../../lib/camera';

type Photo = { blob: Blob; name: string; previewUrl: string | null };
type Camera = { status: 'starting' } | { status: 'live' } | { status: 'problem'; problem: CameraProblem };

const ACCEPT = 'image/png,image/jpeg,image/tiff,image/heic,image/heif,.png,.jpg,.jpeg,.tif,.tiff,.heic';

const objectUrl = (blob: Blob): string | null =>
  typeof URL.createObjectURL === 'function' ? URL.createObjectURL(blob) : null;

/** Browsers other than Safari cannot draw HEIC or TIFF: such a preview shows the file name instead. */
const previewable = (photo: Photo) =>
  photo.previewUrl !== null && !['heic', 'heif', 'tif', 'tiff'].includes(fileExtension(photo.name));

export interface PhotoStepProps {
  kind: 'id_image' | 'profile_image';
  userId: string;
  intakeId: string | null;
  /** The patient already had this photo, or the visit awaits their update (reupload_image). */
  reupload: boolean;
  onUploaded: () => void;
}

/**
 * Take a photo with the camera (rear camera for the ID, front for the selfie) or upload one; preview it
 * with Retake, then Continue uploads it (000 §4 Identity photo flow). The camera is released as soon as a
 * photo is taken and whenever the step is left.
 */
export function PhotoStep({ kind, userId, intakeId, reupload, onUploaded }: PhotoStepProps) {
  const facing: Facing = kind === 'profile_image' ? 'user' : 'environment';
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  // A refused or missing camera is not asked again on Retake: the patient continues with uploads.
  const problemRef = useRef<CameraProblem | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const fileInputId = useId();
  const [camera, setCamera] = useState<Camera>({ status: 'starting' });
  const [helpOpen, setHelpOpen] = useState(false);
  const [photo, setPhoto] = useState<Photo | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [capturing, setCapturing] = useState(false);
  const upload = useUploadPhoto();
  const noun = kind === 'id_image' ? 'ID photo' : 'selfie';

  // The camera runs only while there is no photo to preview.
  useEffect(() => {
    if (photo || problemRef.current) return;
    let cancelled = false;
    setCamera({ status: 'starting' });
    openCamera(facing).then(
      (stream) => {
        if (cancelled) {
          stopCamera(stream);
          return;
        }
        streamRef.current = stream;
        const video = videoRef.current;
        if (video) {
          video.srcObject = stream;
          try {
            void video.play()?.catch(() => undefined);
          } catch {
            // autoplay already starts the muted preview where play() is refused
          }
        }
        setCamera({ status: 'live' });
      },
      (error: unknown) => {
        if (cancelled) return;
        const problem = cameraProblem(error);
        problemRef.current = problem;
        setCamera({ status: 'problem', problem });
        setHelpOpen(true);
      },
    );
    return () => {
      cancelled = true;
      stopCamera(streamRef.current);
      streamRef.current = null;
    };
  }, [facing, photo]);

  // Object URLs hold the photo in memory until revoked.
  useEffect(() => {
    return () => {
      if (photo?.previewUrl && typeof URL.revokeObjectURL === 'function')
        URL.revokeObjectURL(photo.previewUrl);
    };
  }, [photo]);

  async function takePhoto() {
    const video = videoRef.current;
    if (!video) return;
    setCapturing(true);
    try {
      const blob = await captureFrame(video);
      upload.reset();
      setPhoto({
        blob,
        name: kind === 'id_image' ? 'id-photo.jpg' : 'selfie.jpg',
        previewUrl: objectUrl(blob),
      });
    } catch {
      setFileError(uploadFailureMessage(null));
    } finally {
      setCapturing(false);
    }
  }

  function chooseFile() {
    setHelpOpen(false);
    fileRef.current?.click();
  }

  function onFile(file: File | undefined) {
    if (!file) return;
    const problem = validatePhotoFile(file);
    if (problem) {
      setFileError(problem);
      return;
    }
    setFileError(null);
    upload.reset();
    setPhoto({ blob: file, name: file.name, previewUrl: objectUrl(file) });
  }

  function retake() {
    upload.reset();
    setFileError(null);
    setPhoto(null);
    if (fileRef.current) fileRef.current.value = '';
  }

  function send() {
    if (!photo) return;
    upload.mutate(
      {
        file: photo.blob,
        fileName: photo.name,
        userId,
        imageType: kind === 'id_image' ? 'id_images' : 'profile_images',
        reupload,
        intakeId,
      },
      { onSuccess: onUploaded },
    );
  }

  const uploadError = upload.isError
    ? uploadFailureMessage(isApiError(upload.error) ? upload.error.text : null, 'file')
    : null;
  const problem = camera.status === 'problem' ? camera.problem : null;

  return (
    <div className="identity-capture">
      <input
        ref={fileRef}
        id={fileInputId}
        className="ui-visually-hidden"
        type="file"
        accept={ACCEPT}
        aria-label={`Choose your ${noun} from your files`}
        tabIndex={-1}
        onChange={(event) => onFile(event.target.files?.[0])}
      />

      {photo ? (
        <figure className="identity-capture__frame identity-capture__frame--preview">
          {previewable(photo) ? (
            <img
              className="identity-capture__image"
              src={photo.previewUrl!}
              alt={`Preview of your ${noun}`}
            />
          ) : (
            <p className="identity-capture__file">{photo.name}</p>
          )}
        </figure>
      ) : problem ? (
        <div className="identity-capture__frame identity-capture__frame--empty">
          <p>{problem === 'denied' ? 'Camera access is blocked.' : 'No camera is available.'}</p>
          <Button variant="ghost" size="sm" onClick={() => setHelpOpen(true)}>
            How to allow camera access
          </Button>
        </div>
      ) : (
        <div className={`identity-capture__frame identity-capture__frame--${facing}`}>
          <video
            ref={videoRef}
            className="identity-capture__video"
            autoPlay
            muted
            playsInline
            aria-label="Camera preview"
          />
          <span className="identity-capture__guide" aria-hidden="true" />
          {camera.status === 'starting' ? (
            <span className="identity-capture__status">
              <Spinner label="Starting the camera" />
            </span>
          ) : null}
        </div>
      )}

      {fileError ? <Alert tone="error">{fileError}</Alert> : null}
      {uploadError ? (
        <Alert tone="error">
          <p>{uploadError}</p>
          <Button size="sm" variant="secondary" onClick={send}>
            Retry
          </Button>
        </Alert>
      ) : null}

      <div className="identity-capture__actions">
        {photo ? (
          <>
            <Button block onClick={send} loading={upload.isPending}>
              Continue
            </Button>
            <Button block variant="secondary" onClick={retake} disabled={upload.isPending}>
              Retake
            </Button>
          </>
        ) : (
          <>
            {problem ? null : (
              <Button
                block
                onClick={() => void takePhoto()}
                disabled={camera.status !== 'live'}
                loading={capturing}
              >
                Take Photo
              </Button>
            )}
            <Button block variant={problem ? 'primary' : 'secondary'} onClick={chooseFile}>
              Upload Image
            </Button>
          </>
        )}
      </div>
      <p className="identity-capture__note">PNG, JPG, TIFF or HEIC, up to 10mb.</p>

      {problem ? (
        <CameraHelpPanel
          open={helpOpen}
          problem={problem}
          onClose={() => setHelpOpen(false)}
          onUpload={chooseFile}
        />
      ) : null}
    </div>
  );
}
