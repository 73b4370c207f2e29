import { useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import { UI_MESSAGES } from '../messages.js';

/** Cookies that suppress a confirmation (spec: 'hide-question-create-doctor', 'hide-question-empty-doctor'). */
export function isSuppressed(cookie: string): boolean {
  return document.cookie.split(';').some((c) => c.trim() === `${cookie}=1`);
}

/** Remembers "do not ask again" (the spec's cookies expire in 2113, i.e. never in practice). */
export function suppress(cookie: string): void {
  document.cookie = `${cookie}=1; path=/; expires=Fri, 01 Jan 2113 00:00:00 GMT; SameSite=Lax`;
}

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** Offers "Nicht mehr fragen"; ticked and confirmed, the cookie suppresses the dialog from then on. */
  suppressCookie?: string;
  /**
   * A step that cannot simply be taken back (cancel an order or invoice, revoke, delete): the
   * confirmation is red and the focus starts on "Abbrechen", so a stray Enter changes nothing.
   */
  destructive?: boolean;
}

/** A question before an action, optionally remembered in a cookie. */
export function ConfirmDialog({ open, title, children, confirmLabel = UI_MESSAGES.confirm, cancelLabel = UI_MESSAGES.cancel, onConfirm, onCancel, suppressCookie, destructive = false }: ConfirmDialogProps) {
  const [remember, setRemember] = useState(false);
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="confirm-dialog-title">
      <DialogTitle id="confirm-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText component="div">{children}</DialogContentText>
        {suppressCookie && (
          <FormControlLabel control={<Checkbox checked={remember} onChange={(e) => setRemember(e.target.checked)} />} label={UI_MESSAGES.dontAskAgain} />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} autoFocus={destructive}>
          {cancelLabel}
        </Button>
        <Button
          variant="contained"
          color={destructive ? 'error' : 'primary'}
          onClick={() => {
            if (suppressCookie && remember) suppress(suppressCookie);
            onConfirm();
          }}
          autoFocus={!destructive}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * Runs `action` at once when no question is pending, else after the user confirmed: returns the
 * dialog element to render and `ask(action)`.
 */
export function useConfirm(props: Omit<ConfirmDialogProps, 'open' | 'onConfirm' | 'onCancel'>) {
  const [pending, setPending] = useState<(() => void) | null>(null);
  const ask = (action: () => void, needed = true) => {
    if (!needed || (props.suppressCookie && isSuppressed(props.suppressCookie))) action();
    else setPending(() => action);
  };
  const dialog = (
    <ConfirmDialog
      {...props}
      open={pending !== null}
      onCancel={() => setPending(null)}
      onConfirm={() => {
        const run = pending;
        setPending(null);
        run?.();
      }}
    />
  );
  return { ask, dialog };
}
