import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useConfirm } from './confirm-dialog';

function Asker({ onDone }: { onDone: () => void }) {
  const { ask, dialog } = useConfirm({ title: 'Vorgang stornieren', children: 'Möchten Sie diesen Vorgang Stornieren?', suppressCookie: 'hide-question-test' });
  return (
    <>
      <button onClick={() => ask(onDone)}>Stornieren</button>
      {dialog}
    </>
  );
}

describe('useConfirm', () => {
  beforeEach(() => {
    document.cookie = 'hide-question-test=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });

  it('runs the action only after "Bestätigen", and not after "Abbrechen"', async () => {
    const done = jest.fn();
    render(<Asker onDone={done} />);
    await userEvent.click(screen.getByRole('button', { name: 'Stornieren' }));
    expect(screen.getByRole('dialog', { name: 'Vorgang stornieren' })).toHaveTextContent('Möchten Sie diesen Vorgang Stornieren?');
    await userEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(done).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Stornieren' }));
    await userEvent.click(screen.getByRole('button', { name: 'Bestätigen' }));
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('starts on "Abbrechen" for a destructive step, so a stray Enter changes nothing', async () => {
    const done = jest.fn();
    function Destructive() {
      const { ask, dialog } = useConfirm({ title: 'Vorgang stornieren', children: 'Möchten Sie diesen Vorgang Stornieren?', destructive: true });
      return (
        <>
          <button onClick={() => ask(done)}>Stornieren</button>
          {dialog}
        </>
      );
    }
    render(<Destructive />);
    await userEvent.click(screen.getByRole('button', { name: 'Stornieren' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Abbrechen' })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(done).not.toHaveBeenCalled();
  });

  it('asks no more once "Nicht mehr fragen" was ticked', async () => {
    const done = jest.fn();
    render(<Asker onDone={done} />);
    await userEvent.click(screen.getByRole('button', { name: 'Stornieren' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Nicht mehr fragen' }));
    await userEvent.click(screen.getByRole('button', { name: 'Bestätigen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Stornieren' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(done).toHaveBeenCalledTimes(2);
  });
});
