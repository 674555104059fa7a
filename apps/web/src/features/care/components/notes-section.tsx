import { staffCan } from '@portal/domain/care/staff-roles';
import { type CareNote, CareNoteBody } from '@portal/domain/contracts/care';
import { type FormEvent, useState } from 'react';
import { useAddCareNote } from '../../../api/care/chart';
import { Button } from '../../../components/ui/button';
import { TextArea } from '../../../components/ui/text-area';
import { useSessionUser } from '../../../lib/session';
import { formatDateTime, personName } from '../lib/labels';

/** The clinic's private notes on the patient, newest first, and a form to add one. */
export function NotesSection({ patientId, notes }: { patientId: string; notes: readonly CareNote[] }) {
  const user = useSessionUser();
  const add = useAddCareNote(patientId);
  const [body, setBody] = useState('');
  const [invalid, setInvalid] = useState<string | undefined>();

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = CareNoteBody.safeParse({ body });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message);
      return;
    }
    setInvalid(undefined);
    add.mutate(parsed.data.body, { onSuccess: () => setBody('') });
  }

  return (
    <>
      {notes.length ? (
        <ul className="care-notes">
          {notes.map((note) => (
            <li key={note._id} className="care-note">
              <p className="care-note__body">{note.body}</p>
              <p className="care-muted">
                {personName(note.author)} · {formatDateTime(note.created_at)}
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="care-muted">No notes yet.</p>
      )}
      {staffCan(user?.role ?? '', 'write_note') ? (
        <form className="care-note-form" noValidate onSubmit={submit}>
          <TextArea
            label="Add a private note"
            hint="Seen by the clinic's staff only."
            value={body}
            error={invalid ?? add.error?.message}
            onChange={(e) => setBody(e.target.value)}
            rows={3}
          />
          <Button type="submit" variant="secondary" loading={add.isPending}>
            Add note
          </Button>
        </form>
      ) : null}
    </>
  );
}
