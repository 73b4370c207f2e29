import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { useSnackbar } from 'notistack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type UserDto } from '@mediport/contracts';
import { PROFILE_MESSAGES } from '@mediport/contracts/profile-messages';
import { ApiError, handleApiError, useAuth } from '@mediport/api-client';
import { checkPostalCode } from '@mediport/validation';
import { LoadingState } from '@mediport/ui';
import { MESSAGES } from '../../../messages';
import { type AvatarChange, type StammdatenValues, useProfile, useSaveProfile } from '../api/stammdaten-api';
import { AvatarField } from './avatar-field';

const FIELDS = ['salutation', 'title', 'firstname', 'lastname', 'street', 'postalCode', 'city', 'country'] as const;

function valuesOf(u: UserDto): StammdatenValues {
  return {
    salutation: u.salutation ?? '',
    title: u.title ?? '',
    firstname: u.firstname ?? '',
    lastname: u.lastname ?? '',
    street: u.street ?? '',
    postalCode: u.postalCode ?? '',
    city: u.city ?? '',
    country: u.country || 'Deutschland',
  };
}

/** Stammdaten of the signed-in user: PUT /api/users/{id}/profile (multipart) → "Profil geändert.". */
export function StammdatenTab() {
  const auth = useAuth();
  const id = auth?.user._id ?? '';
  const profile = useProfile(id);
  if (profile.isLoading) return <LoadingState />;
  const user = profile.data ?? auth?.user;
  if (!user) return null;
  return <StammdatenForm user={user} />;
}

function StammdatenForm({ user }: { user: UserDto }) {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const save = useSaveProfile(user._id);
  const [avatar, setAvatar] = useState<AvatarChange>({ kind: 'keep' });
  const [serverErrors, setServerErrors] = useState<Partial<Record<string, string>>>({});
  const { control, handleSubmit, reset, formState } = useForm<StammdatenValues>({ mode: 'onChange', defaultValues: valuesOf(user) });

  useEffect(() => reset(valuesOf(user)), [user, reset]);

  async function submit(values: StammdatenValues) {
    setServerErrors({});
    try {
      const res = await save.mutateAsync({ values, avatar });
      setAvatar({ kind: 'keep' });
      reset(valuesOf(res.user));
      enqueueSnackbar(PROFILE_MESSAGES.saved, { variant: 'success' });
    } catch (err) {
      const byField = err instanceof ApiError && err.status === 400 ? err.fieldErrors() : {};
      if (Object.keys(byField).length > 0) setServerErrors(byField);
      else handleApiError(err);
    }
  }

  const text = (name: (typeof FIELDS)[number], label: string, extra: { inputMode?: 'numeric' } = {}) => (
    <Controller
      name={name}
      control={control}
      rules={name === 'postalCode' ? { validate: (v) => checkPostalCode(v) ?? true } : undefined}
      render={({ field, fieldState }) => {
        const message = fieldState.error?.message ?? serverErrors[name];
        return (
          <TextField
            {...field}
            onChange={(e) => {
              setServerErrors((s) => ({ ...s, [name]: undefined }));
              field.onChange(e);
            }}
            label={label}
            error={!!message}
            helperText={message ?? ' '}
            slotProps={{ htmlInput: { inputMode: extra.inputMode } }}
          />
        );
      }}
    />
  );

  const hasErrors = Object.keys(formState.errors).length > 0 || Object.values(serverErrors).some(Boolean);
  const displayName = [user.firstname, user.lastname].filter(Boolean).join(' ') || user.username;

  return (
    <Box component="form" noValidate onSubmit={handleSubmit(submit)} sx={{ maxWidth: 760 }}>
      <AvatarField current={user.avatar} change={avatar} onChange={setAvatar} name={displayName} />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
        <TextField label={MESSAGES.username} value={user.username} helperText=" " slotProps={{ input: { readOnly: true } }} />
        <Controller
          name="salutation"
          control={control}
          render={({ field }) => (
            <TextField {...field} select label={MESSAGES.salutation} helperText=" ">
              <MenuItem value="">{MESSAGES.noSalutation}</MenuItem>
              <MenuItem value="mr">{MESSAGES.salutations.mr}</MenuItem>
              <MenuItem value="mrs">{MESSAGES.salutations.mrs}</MenuItem>
            </TextField>
          )}
        />
        {text('title', MESSAGES.titleField)}
        <Box />
        {text('firstname', MESSAGES.firstname)}
        {text('lastname', MESSAGES.lastname)}
        {text('street', MESSAGES.street)}
        {text('postalCode', MESSAGES.postalCode, { inputMode: 'numeric' })}
        {text('city', MESSAGES.city)}
        {text('country', MESSAGES.country)}
      </Box>
      <Stack direction="row" spacing={2} sx={{ mt: 1 }}>
        <Button variant="outlined" onClick={() => navigate('/')}>
          {MESSAGES.cancel}
        </Button>
        <Button type="submit" variant="contained" disabled={save.isPending || hasErrors}>
          {MESSAGES.save}
        </Button>
      </Stack>
    </Box>
  );
}
