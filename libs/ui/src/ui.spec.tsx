import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatDate, formatDateTime, formatTime } from './formats';
import { appTheme } from './theme';
import { PasswordField } from './components/password-field';
import { EmptyState, LoadingState } from './components/states';

describe('libs/ui', () => {
  it('formats German dates', () => {
    const d = new Date(2026, 0, 5, 7, 9);
    expect(formatDate(d)).toBe('05.01.2026');
    expect(formatDateTime(d)).toBe('05.01.2026 07:09');
    expect(formatTime(d)).toBe('07:09');
    expect(formatDate(null)).toBe('');
    expect(formatDate('kein Datum')).toBe('');
  });

  it('uses the theme colours', () => {
    expect(appTheme.palette.primary.main).toBe('#2a5d78');
    // The spec's red stays as secondary.light; text and buttons use the darker red (WCAG AA 4.5:1).
    expect(appTheme.palette.secondary.light).toBe('#f44336');
    expect(appTheme.palette.secondary.main).toBe('#c62828');
  });

  it('toggles the password visibility', async () => {
    render(<PasswordField label="Passwort" />);
    const input = screen.getByLabelText('Passwort', { selector: 'input' });
    expect(input).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Passwort anzeigen' }));
    expect(input).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Passwort verbergen' }));
    expect(input).toHaveAttribute('type', 'password');
  });

  it('shows the empty states', () => {
    render(
      <>
        <LoadingState />
        <EmptyState />
      </>,
    );
    expect(screen.getByText('Lade Daten...')).toBeInTheDocument();
    expect(screen.getByText('Kein Daten vorhanden.')).toBeInTheDocument();
  });
});
