import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Modal } from './modal';
import { SidePanel } from './side-panel';

function WithModal({ panel = false }: { panel?: boolean }) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <button type="button">Behind</button>
      {panel ? (
        <SidePanel open={open} onClose={close} title="Panel">
          <input aria-label="Details" />
          <button type="button">Submit</button>
        </SidePanel>
      ) : (
        <Modal
          open={open}
          onClose={close}
          title="Pause Subscription"
          actions={
            <>
              <button type="button">Keep</button>
              <button type="button" onClick={close}>
                Done
              </button>
            </>
          }
        >
          <input aria-label="Reason" />
        </Modal>
      )}
    </>
  );
}

describe.each([
  ['Modal', false, 'Pause Subscription', ['Reason', 'Keep', 'Done']],
  ['SidePanel', true, 'Panel', ['Close', 'Details', 'Submit']],
] as const)('%s keyboard', (_, panel, title, order) => {
  const byName = (name: string) =>
    name === 'Reason' || name === 'Details'
      ? screen.getByRole('textbox', { name })
      : screen.getByRole('button', { name });

  it('takes focus, keeps Tab and Shift+Tab inside, closes on Escape and gives focus back to the opener', async () => {
    const user = userEvent.setup();
    render(<WithModal panel={panel} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: title });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveFocus();
    for (const name of order) {
      await user.tab();
      expect(byName(name)).toHaveFocus();
    }
    // past the last control Tab wraps to the first, and Shift+Tab from the first to the last
    await user.tab();
    expect(byName(order[0])).toHaveFocus();
    await user.tab({ shift: true });
    expect(byName(order[2])).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('gives focus back to the opener when a button inside closes it', async () => {
    const user = userEvent.setup();
    render(<WithModal panel={panel} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: panel ? 'Close' : 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });
});
