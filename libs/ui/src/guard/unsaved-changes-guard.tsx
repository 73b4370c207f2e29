import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactElement } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { GUARD_TEXTS } from '../text/ui-texts.js';
import { navigationGuards, type HeldNavigation } from './navigation-guard.js';

export interface UnsavedChangesGuard {
  /** The confirmation dialog; render it once in the page. */
  dialog: ReactElement;
  /** Runs `go` (a navigation) without asking: after saving, when the changes are no longer unsaved. */
  leave(go: () => void): void;
}

export interface UnsavedChangesDialogProps {
  open: boolean;
  onStay(): void;
  onDiscard(): void;
}

/** "Ungespeicherte Änderungen verwerfen?" with "Weiter bearbeiten" (focused) and "Verwerfen". */
export function UnsavedChangesDialog({ open, onStay, onDiscard }: UnsavedChangesDialogProps) {
  return (
    <Dialog open={open} onClose={onStay} aria-labelledby="unsaved-changes-title" aria-describedby="unsaved-changes-text">
      <DialogTitle id="unsaved-changes-title">{GUARD_TEXTS.discardTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText id="unsaved-changes-text">{GUARD_TEXTS.discardText}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onStay} autoFocus>
          {GUARD_TEXTS.stay}
        </Button>
        <Button onClick={onDiscard} variant="contained" color="error">
          {GUARD_TEXTS.discard}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * While `dirty`, leaving the page asks "Ungespeicherte Änderungen verwerfen?": in-app navigations
 * through the shell's router (links, navigate(), back and forward) wait for the answer, and
 * reloading or closing the tab gets the browser's own question. Outside the shell's router
 * (component tests, a remote's dev page) only the browser's question applies.
 *
 * ```tsx
 * const guard = useUnsavedChangesGuard(formState.isDirty);
 * // after saving: guard.leave(() => navigate('/liste'))
 * return <>{form}{guard.dialog}</>;
 * ```
 */
export function useUnsavedChangesGuard(dirty: boolean): UnsavedChangesGuard {
  const [held, setHeld] = useState<HeldNavigation | null>(null);
  const dirtyRef = useRef(dirty);
  const passing = useRef(false);
  useLayoutEffect(() => {
    dirtyRef.current = dirty;
  }, [dirty]);

  useEffect(
    () =>
      navigationGuards().add((navigation) => {
        if (!dirtyRef.current || passing.current) return false;
        setHeld(navigation);
        return true;
      }),
    [],
  );

  useEffect(() => {
    if (!dirty) return undefined;
    const ask = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers show the question only when returnValue is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  const leave = useCallback((go: () => void) => {
    passing.current = true;
    try {
      go();
    } finally {
      passing.current = false;
    }
  }, []);

  const dialog = (
    <UnsavedChangesDialog
      open={held !== null}
      onStay={() => setHeld(null)}
      onDiscard={() => {
        const navigation = held;
        setHeld(null);
        dirtyRef.current = false;
        navigation?.proceed();
      }}
    />
  );
  return { dialog, leave };
}
