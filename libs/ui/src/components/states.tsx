import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { UI_MESSAGES } from '../messages.js';
import { ErrorOutlineIcon, InboxIcon } from '../icons.js';

/** Spinner with "Lade Daten...". */
export function LoadingState({ text = UI_MESSAGES.loading }: { text?: string }) {
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, p: 4, justifyContent: 'center' }}>
      <CircularProgress size={24} />
      <Typography color="textSecondary">{text}</Typography>
    </Box>
  );
}

/** Empty list or page: "Kein Daten vorhanden." unless told otherwise. */
export function EmptyState({ text = UI_MESSAGES.empty, children }: { text?: string; children?: ReactNode }) {
  return (
    <Box sx={{ textAlign: 'center', p: 4, color: 'text.secondary' }}>
      <InboxIcon sx={{ fontSize: 40, opacity: 0.5 }} />
      <Typography>{text}</Typography>
      {children}
    </Box>
  );
}

export interface ErrorPanelProps {
  title?: string;
  message: ReactNode;
  /** Shows a retry button when given. */
  onRetry?: () => void;
}

/** A framed error message inside the page (e.g. a remote that cannot be loaded). */
export function ErrorPanel({ title = UI_MESSAGES.errorTitle, message, onRetry }: ErrorPanelProps) {
  return (
    <Paper variant="outlined" sx={{ p: 0, overflow: 'hidden' }}>
      <Alert
        severity="error"
        icon={<ErrorOutlineIcon />}
        action={
          onRetry ? (
            <Button color="inherit" size="small" onClick={onRetry}>
              {UI_MESSAGES.retry}
            </Button>
          ) : undefined
        }
      >
        <AlertTitle>{title}</AlertTitle>
        {message}
      </Alert>
    </Paper>
  );
}
