import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { useSnackbar } from 'notistack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ApiError, handleApiError, setAuth, updateProfile, useAuth } from '@mediport/api-client';
import { generatePassword } from '@mediport/validation';
import { GeneratedPassword, PasswordField } from '@mediport/ui';
import { MESSAGES } from '../../../messages';
import { canSubmit, passwordErrors, type PasswordValues } from '../password-errors';

const SERVER_FIELDS: Record<string, keyof PasswordValues> = {
  password_current: 'current',
  password: 'password',
  password_confirm: 'confirm',
};

function Lines({ lines }: { lines: string[] }) {
  if (lines.length === 0) return null;
  return (
    <>
      {lines.map((l) => (
        <span key={l} style={{ display: 'block' }}>
          {l}
        </span>
      ))}
    </>
  );
}

export interface PasswordTabProps {
  /** Opened through #scrollable-force-tab-1: the one-time password must be changed. */
  forced: boolean;
}

/** Password change: PUT /api/users/{id}/profile with password_current, password, password_confirm. */
export function PasswordTab({ forced }: PasswordTabProps) {
  const auth = useAuth();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const { register, watch, setValue, handleSubmit, reset } = useForm<PasswordValues>({
    defaultValues: { current: '', password: '', confirm: '' },
  });
  const [serverErrors, setServerErrors] = useState<Partial<Record<keyof PasswordValues, string>>>({});
  const [generated, setGenerated] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const values = watch();
  const errors = passwordErrors(values);
  const all = (field: keyof PasswordValues) => [...errors[field], ...(serverErrors[field] ? [serverErrors[field]!] : [])];

  const field = (name: keyof PasswordValues) => {
    const r = register(name);
    return {
      ...r,
      onChange: (e: { target: unknown; type?: unknown }) => {
        setServerErrors((s) => ({ ...s, [name]: undefined }));
        return r.onChange(e);
      },
    };
  };

  function generate() {
    const pw = generatePassword();
    setValue('password', pw, { shouldDirty: true });
    setValue('confirm', pw, { shouldDirty: true });
    setServerErrors({});
    setGenerated(pw);
  }

  async function submit(v: PasswordValues) {
    if (!auth) return;
    setBusy(true);
    try {
      const res = await updateProfile(auth.user._id, {
        password_current: v.current,
        password: v.password,
        password_confirm: v.confirm,
      });
      if (res.auth) setAuth(res.auth);
      enqueueSnackbar(MESSAGES.saved, { variant: 'success' });
      reset();
      setGenerated(null);
      if (forced || auth.once_password) navigate('/', { replace: true });
    } catch (err) {
      const byField = err instanceof ApiError && err.status === 400 ? err.fieldErrors() : {};
      const mapped: Partial<Record<keyof PasswordValues, string>> = {};
      for (const [path, message] of Object.entries(byField)) {
        const key = SERVER_FIELDS[path];
        if (key) mapped[key] = message;
      }
      if (Object.keys(mapped).length > 0) setServerErrors(mapped);
      else handleApiError(err);
    } finally {
      setBusy(false);
    }
  }

  const hasServerError = Object.values(serverErrors).some(Boolean);
  const currentErrors = all('current');
  const passwordLines = all('password');
  const confirmLines = all('confirm');

  return (
    <Box component="form" onSubmit={handleSubmit(submit)} noValidate sx={{ maxWidth: 520 }}>
      {forced && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {MESSAGES.onceWarning}
        </Alert>
      )}
      <Typography color="textSecondary" variant="body2">
        {MESSAGES.passwordIntro}
      </Typography>
      <PasswordField
        label={MESSAGES.currentPassword}
        autoComplete="current-password"
        {...field('current')}
        error={currentErrors.length > 0}
        helperText={<Lines lines={currentErrors} />}
      />
      <PasswordField
        label={MESSAGES.newPassword}
        autoComplete="new-password"
        {...field('password')}
        // The generator writes the value without an input event: keep the label out of the way.
        slotProps={{ inputLabel: { shrink: values.password ? true : undefined } }}
        error={passwordLines.length > 0}
        helperText={<Lines lines={passwordLines} />}
      />
      <PasswordField
        label={MESSAGES.repeatPassword}
        autoComplete="new-password"
        {...field('confirm')}
        slotProps={{ inputLabel: { shrink: values.confirm ? true : undefined } }}
        error={confirmLines.length > 0}
        helperText={<Lines lines={confirmLines} />}
      />
      {generated && <GeneratedPassword password={generated} />}
      <Stack direction="row" sx={{ mt: 2, gap: 2, flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={generate}>
          {MESSAGES.generate}
        </Button>
        <Button type="submit" variant="contained" disabled={busy || hasServerError || !canSubmit(values, errors)}>
          {MESSAGES.save}
        </Button>
      </Stack>
    </Box>
  );
}
