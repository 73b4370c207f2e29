import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatDate, formatDateTime, formatTime } from './formats';
import { appTheme } from './theme';
import { PasswordField } from './components/password-field';
import { EmptyState, LoadingState } from './components/states';
import { TOAST_COLOURS } from './snackbar';

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

describe('toast colours', () => {
  /** WCAG relative luminance of a #rrggbb colour. */
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };

  it.each(Object.entries(TOAST_COLOURS))('%s carries white text at 4.5:1 or more', (_variant, colour) => {
    expect((1 + 0.05) / (luminance(colour) + 0.05)).toBeGreaterThanOrEqual(4.5);
  });
});
