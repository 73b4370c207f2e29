import { useState } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { navigationGuards, runUnlessHeld } from './navigation-guard';
import { useUnsavedChangesGuard } from './unsaved-changes-guard';
import { GeneratedPassword } from './generated-password';

function Form({ onSaved }: { onSaved?: (leave: (go: () => void) => void) => void }) {
  const [value, setValue] = useState('');
  const guard = useUnsavedChangesGuard(value !== '');
  return (
    <>
      <label>
        Name
        <input value={value} onChange={(e) => setValue(e.target.value)} />
      </label>
      <button type="button" onClick={() => onSaved?.(guard.leave)}>
        Speichern
      </button>
      {guard.dialog}
    </>
  );
}

/** What the shell's router does before it changes the page. */
function navigate(to: string, log: string[]) {
  act(() => runUnlessHeld(() => log.push(to)));
}

describe('useUnsavedChangesGuard', () => {
  it('lets navigations pass while nothing changed', () => {
    const log: string[] = [];
    render(<Form />);
    navigate('/v3/termine', log);
    expect(log).toEqual(['/v3/termine']);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks "Ungespeicherte Änderungen verwerfen?" and stays on "Weiter bearbeiten"', async () => {
    const log: string[] = [];
    render(<Form />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'neu' } });
    navigate('/v3/termine', log);
    const dialog = await screen.findByRole('dialog', { name: 'Ungespeicherte Änderungen verwerfen?' });
    expect(log).toEqual([]);
    expect(screen.getByRole('button', { name: 'Weiter bearbeiten' })).toHaveFocus();
    fireEvent.click(screen.getByRole('button', { name: 'Weiter bearbeiten' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(log).toEqual([]);
    expect(screen.getByLabelText('Name')).toHaveValue('neu');
  });

  it('carries the navigation out on "Verwerfen"', async () => {
    const log: string[] = [];
    render(<Form />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'neu' } });
    navigate('/', log);
    fireEvent.click(await screen.findByRole('button', { name: 'Verwerfen' }));
    expect(log).toEqual(['/']);
  });

  it('lets the page leave without asking after saving', () => {
    const log: string[] = [];
    render(<Form onSaved={(leave) => leave(() => runUnlessHeld(() => log.push('/v3/termine/1')))} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'neu' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(log).toEqual(['/v3/termine/1']);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks the browser before the tab is closed or reloaded, and drops its guard on unmount', () => {
    const { unmount } = render(<Form />);
    const clean = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'neu' } });
    const dirty = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
    unmount();
    expect(navigationGuards().hold({ proceed: () => undefined })).toBe(false);
  });
});

describe('GeneratedPassword', () => {
  it('shows the password and copies it', async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    render(<GeneratedPassword password="ab#CD12ef!GH" />);
    expect(screen.getByText('ab#CD12ef!GH')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Generiertes Passwort kopieren' }));
    expect(await screen.findByText('Das Passwort wurde in die Zwischenablage kopiert.')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith('ab#CD12ef!GH');
  });
});
