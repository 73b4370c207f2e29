import { useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { GUARD_TEXTS } from '../text/ui-texts.js';

export interface GeneratedPasswordProps {
  /** The password the generator put into the (hidden) password fields. */
  password: string;
}

/**
 * Shows a generated password in plain text with a copy button, so it is not lost in the
 * masked fields it was written into.
 */
export function GeneratedPassword({ password }: GeneratedPasswordProps) {
  const [status, setStatus] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(password);
      setStatus('copied');
    } catch {
      setStatus('failed');
    }
  };
  return (
    <Alert severity="info" sx={{ my: 1 }}>
      <AlertTitle>{GUARD_TEXTS.generatedTitle}</AlertTitle>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <Typography
          component="output"
          aria-label={GUARD_TEXTS.generatedTitle}
          sx={{ fontFamily: 'monospace', fontSize: '1.05rem', wordBreak: 'break-all', bgcolor: 'background.paper', px: 1, py: 0.5, borderRadius: 1 }}
        >
          {password}
        </Typography>
        <Button size="small" variant="outlined" onClick={() => void copy()} aria-label={GUARD_TEXTS.copyLabel}>
          {GUARD_TEXTS.copy}
        </Button>
      </Box>
      <Typography variant="body2">{GUARD_TEXTS.generatedHint}</Typography>
      <Typography variant="body2" role="status" sx={{ mt: status === 'idle' ? 0 : 0.5 }}>
        {status === 'copied' ? GUARD_TEXTS.copied : status === 'failed' ? GUARD_TEXTS.copyFailed : ''}
      </Typography>
    </Alert>
  );
}
