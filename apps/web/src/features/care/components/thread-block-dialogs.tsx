import { safeLinkUrl } from '@portal/domain/messaging/block-links';
import { ActionBlock, ListBlock, type MessageBlock } from '@portal/domain/messaging/blocks';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Modal } from '../../../components/ui/modal';
import { TextArea } from '../../../components/ui/text-area';
import { TextInput } from '../../../components/ui/text-input';

const LINK_RULE = 'Use an https, http, mailto or tel address, or a path on this site.';

/**
 * 'Add link button': a button in the message to a page, an e-mail or a call. The address must pass
 * safeLinkUrl (javascript:, data: and the like are refused), as the server's schema requires.
 */
export function LinkButtonDialog({
  open,
  onClose,
  onAdd,
}: {
  open: boolean;
  onClose: () => void;
  onAdd: (block: MessageBlock) => void;
}) {
  const formId = useId();
  const [text, setText] = useState('');
  const [url, setUrl] = useState('');
  const [errors, setErrors] = useState<{ text?: string; url?: string }>({});

  function close() {
    setText('');
    setUrl('');
    setErrors({});
    onClose();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: typeof errors = {};
    if (!text.trim()) found.text = 'Write the text of the button.';
    const linkUrl = safeLinkUrl(url.trim());
    if (!linkUrl)
      found.url = url.trim() ? `This address cannot be linked. ${LINK_RULE}` : 'Enter the address.';
    setErrors(found);
    if (found.text || found.url) return;
    const parsed = ActionBlock.safeParse({ type: 'action', text: text.trim(), linkUrl });
    if (!parsed.success) {
      setErrors({ url: parsed.error.issues[0]?.message ?? LINK_RULE });
      return;
    }
    onAdd(parsed.data);
    close();
  }

  return (
    <Modal
      open={open}
      onClose={close}
      title="Add a link button"
      actions={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form={formId}>
            Add the button
          </Button>
        </>
      }
    >
      <form id={formId} className="care-dialog-form" noValidate onSubmit={submit}>
        <TextInput
          label="Button text"
          value={text}
          error={errors.text}
          onChange={(e) => setText(e.target.value)}
          autoComplete="off"
          maxLength={200}
          required
        />
        <TextInput
          label="Link address"
          hint={LINK_RULE}
          value={url}
          error={errors.url}
          onChange={(e) => setUrl(e.target.value)}
          type="url"
          inputMode="url"
          autoComplete="off"
          required
        />
      </form>
    </Modal>
  );
}

/** 'Add a list': one item per line, bulleted or numbered. */
export function ListDialog({
  open,
  onClose,
  onAdd,
}: {
  open: boolean;
  onClose: () => void;
  onAdd: (block: MessageBlock) => void;
}) {
  const formId = useId();
  const [lines, setLines] = useState('');
  const [numbered, setNumbered] = useState(false);
  const [error, setError] = useState<string | undefined>();

  function close() {
    setLines('');
    setNumbered(false);
    setError(undefined);
    onClose();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const items = lines
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .map((line) => ({ text: line }));
    const parsed = ListBlock.safeParse({
      type: 'list',
      items_type: numbered ? 'ordered' : 'unordered',
      list_items: items,
    });
    if (!parsed.success) {
      setError(items.length === 0 ? 'Write at least one item.' : 'A list holds at most 50 items.');
      return;
    }
    onAdd(parsed.data);
    close();
  }

  return (
    <Modal
      open={open}
      onClose={close}
      title="Add a list"
      actions={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form={formId}>
            Add the list
          </Button>
        </>
      }
    >
      <form id={formId} className="care-dialog-form" noValidate onSubmit={submit}>
        <TextArea
          label="Items"
          hint="One item per line."
          value={lines}
          error={error}
          onChange={(e) => setLines(e.target.value)}
          rows={5}
        />
        <Checkbox label="Numbered list" checked={numbered} onChange={(e) => setNumbered(e.target.checked)} />
      </form>
    </Modal>
  );
}
