import { QuickReplyBody } from '@portal/domain/contracts/messaging';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import {
  quickRepliesQueryOptions,
  useDeleteQuickReply,
  useSaveQuickReply,
} from '../../../api/care/quick-replies';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClassName } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { TextArea } from '../../../components/ui/text-area';
import { TextInput } from '../../../components/ui/text-input';

/**
 * The clinic's canned replies, in a panel opened from the reply box: choosing one puts its text in the box
 * (to be read over before sending); each can be deleted, after a second click. Escape closes the panel and
 * gives focus back to its button.
 */
export function QuickRepliesMenu({ onInsert }: { onInsert: (text: string) => void }) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [confirming, setConfirming] = useState<string | null>(null);
  const panelId = useId();
  const trigger = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const replies = useQuery({ ...quickRepliesQueryOptions(), enabled: open });
  const remove = useDeleteQuickReply();

  useEffect(() => {
    if (!open) return;
    const outside = (event: MouseEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !trigger.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  }, [open]);

  function close() {
    setOpen(false);
    setConfirming(null);
    trigger.current?.focus();
  }

  function choose(text: string) {
    onInsert(text);
    setOpen(false);
    setConfirming(null);
    setSearch('');
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close();
    }
  }

  const query = search.trim().toLowerCase();
  const shown = (replies.data ?? []).filter(
    (r) => !query || r.title.toLowerCase().includes(query) || r.text.toLowerCase().includes(query),
  );

  return (
    <div className="inbox-quick">
      <button
        ref={trigger}
        type="button"
        className={buttonClassName({ variant: 'secondary', size: 'sm' })}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => (open ? close() : setOpen(true))}
      >
        Quick replies
      </button>
      {open ? (
        // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the panel closes it
        <div ref={panel} id={panelId} className="inbox-quick__panel" onKeyDown={onKeyDown}>
          <TextInput
            label="Find a quick reply"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            onKeyDown={(e) => {
              // Enter picks the first match rather than sending the reply box's form
              if (e.key !== 'Enter') return;
              e.preventDefault();
              const first = shown[0];
              if (first) choose(first.text);
            }}
            autoComplete="off"
            autoFocus
          />
          {replies.isPending ? (
            <p className="care-muted">Loading quick replies…</p>
          ) : replies.isError ? (
            <Alert tone="error">{replies.error.message}</Alert>
          ) : shown.length === 0 ? (
            <p className="care-muted">
              {replies.data.length === 0
                ? 'No quick replies yet. Write a reply, then choose Save as quick reply.'
                : 'No quick reply matches.'}
            </p>
          ) : (
            <ul className="inbox-quick__list" aria-label="Quick replies">
              {shown.map((reply) => (
                <li key={reply._id} className="inbox-quick__item">
                  <button type="button" className="inbox-quick__insert" onClick={() => choose(reply.text)}>
                    <span className="inbox-quick__title">{reply.title}</span>
                    <span className="inbox-quick__text">{reply.text}</span>
                  </button>
                  {confirming === reply._id ? (
                    <Button
                      size="sm"
                      variant="danger"
                      loading={remove.isPending}
                      onClick={() => remove.mutate(reply._id, { onSuccess: () => setConfirming(null) })}
                    >
                      Confirm delete
                    </Button>
                  ) : (
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Delete the quick reply ${reply.title}`}
                      onClick={() => setConfirming(reply._id)}
                    >
                      Delete
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
          {remove.error ? <Alert tone="error">{remove.error.message}</Alert> : null}
        </div>
      ) : null}
    </div>
  );
}

/**
 * 'Save as quick reply': a title and the text (the reply box's when opened, to edit), checked as the server
 * checks. Mounted on opening, so each opening starts from the reply box of that moment.
 */
export function SaveQuickReplyDialog({
  open,
  initialText,
  onClose,
  onSaved,
}: {
  open: boolean;
  initialText: string;
  onClose: () => void;
  onSaved: (title: string) => void;
}) {
  const formId = useId();
  const save = useSaveQuickReply();
  const [title, setTitle] = useState('');
  const [text, setText] = useState(initialText);
  const [errors, setErrors] = useState<{ title?: string; text?: string }>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = QuickReplyBody.safeParse({ title, text });
    if (!parsed.success) {
      const found: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0]) as keyof typeof errors;
        found[key] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(parsed.data, { onSuccess: (reply) => onSaved(reply.title) });
  }

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Save as quick reply"
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={save.isPending}>
            Save quick reply
          </Button>
        </>
      }
    >
      <form id={formId} className="care-dialog-form" noValidate onSubmit={submit}>
        <p>The whole care team can insert it in any conversation.</p>
        {save.error ? <Alert tone="error">{save.error.message}</Alert> : null}
        <TextInput
          label="Title"
          value={title}
          error={errors.title}
          onChange={(e) => setTitle(e.target.value)}
          maxLength={60}
          autoComplete="off"
          required
        />
        <TextArea
          label="Reply"
          value={text}
          error={errors.text}
          onChange={(e) => setText(e.target.value)}
          maxLength={2000}
          rows={5}
          required
        />
      </form>
    </Modal>
  );
}
