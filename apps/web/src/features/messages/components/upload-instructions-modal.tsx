import { ATTACHMENT_EXTENSIONS } from '@portal/domain/constants';
import { useId, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';

const ACCEPT = ATTACHMENT_EXTENSIONS.map((extension) => `.${extension}`).join(',');

interface UploadInstructionsModalProps {
  open: boolean;
  onClose: () => void;
  onChoose: (file: File) => void;
}

/** The attachment button's dialog (001 §2): what may be sent, and the file chooser. */
export function UploadInstructionsModal({ open, onClose, onChoose }: UploadInstructionsModalProps) {
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Attach a file"
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => input.current?.click()}>Choose file</Button>
        </>
      }
    >
      <ul className="messages-instructions">
        <li>You can send a photo or a document to your care team.</li>
        <li>Accepted file types: jpg, jpeg, png, gif, pdf, doc and docx.</li>
        <li>Files can be up to 10MB.</li>
        <li>One file per message; you can add a note with it before you press Send.</li>
      </ul>
      <label className="ui-visually-hidden" htmlFor={inputId}>
        File to attach
      </label>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept={ACCEPT}
        className="ui-visually-hidden"
        tabIndex={-1}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onChoose(file);
        }}
      />
    </Modal>
  );
}
