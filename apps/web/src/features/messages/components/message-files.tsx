import type { MessageFile } from '@portal/domain/contracts/messaging';
import { useState } from 'react';
import { fetchPrivateImage } from '../../../api/media';
import { saveFile } from '../../../lib/save-file';
import { MessageImage } from './private-image';

/** A document of a message: fetched with the patient's token (a plain link cannot send it), then saved. */
function DocumentFile({ file }: { file: MessageFile }) {
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');
  const download = async () => {
    setState('loading');
    try {
      saveFile(await fetchPrivateImage(file.url), file.name);
      setState('idle');
    } catch {
      setState('failed');
    }
  };
  return (
    <span className="messages-file">
      <button
        type="button"
        className="messages-file__button"
        aria-busy={state === 'loading' || undefined}
        onClick={() => void download()}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" className="messages-file__icon">
          <path
            d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8l-5-5Zm0 0v5h5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
          />
        </svg>
        <span className="messages-file__name">{file.name}</span>
        <span className="ui-visually-hidden">, download</span>
      </button>
      {state === 'failed' ? (
        <span className="messages-file__error" role="alert">
          The file could not be downloaded. Please try again.
        </span>
      ) : null}
    </span>
  );
}

/** The files of a message: images shown in the bubble, documents as download buttons. */
export function MessageFiles({ files }: { files: readonly MessageFile[] }) {
  if (files.length === 0) return null;
  return (
    <div className="messages-files">
      {files.map((file) =>
        file.kind === 'private-image' ? (
          <MessageImage
            key={file._id}
            url={file.url}
            alt={file.name}
            className="messages-image"
            fallback={<DocumentFile file={file} />}
          />
        ) : (
          <DocumentFile key={file._id} file={file} />
        ),
      )}
    </div>
  );
}
