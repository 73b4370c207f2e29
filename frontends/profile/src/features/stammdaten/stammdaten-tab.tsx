import { useQuery } from '@tanstack/react-query';
import { Alert, Box, TextField } from '@mui/material';
import type { UserDto } from '@mediport/contracts';
import { fetchProfile, useAuth } from '@mediport/api-client';
import { LoadingState } from '@mediport/ui';
import { MESSAGES } from '../../messages';

/** Read-only master data of the signed-in user (editing follows with the profile issue). */
export function StammdatenTab() {
  const auth = useAuth();
  const id = auth?.user._id ?? '';
  const profile = useQuery<UserDto>({ queryKey: ['profile', id], queryFn: () => fetchProfile(id), enabled: !!id });
  const u = profile.data ?? auth?.user;
  if (profile.isLoading && !u) return <LoadingState />;
  if (!u) return null;
  const fields: Array<[string, string]> = [
    [MESSAGES.username, u.username],
    [MESSAGES.salutation, MESSAGES.salutations[u.salutation ?? ''] ?? ''],
    [MESSAGES.titleField, u.title],
    [MESSAGES.firstname, u.firstname],
    [MESSAGES.lastname, u.lastname],
    [MESSAGES.street, u.street],
    [MESSAGES.postalCode, u.postalCode],
    [MESSAGES.city, u.city],
    [MESSAGES.country, u.country],
  ];
  return (
    <Box sx={{ maxWidth: 720 }}>
      <Alert severity="info" sx={{ mb: 1 }}>
        {MESSAGES.readOnlyNote}
      </Alert>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
        {fields.map(([label, value]) => (
          <TextField key={label} label={label} value={value ?? ''} slotProps={{ input: { readOnly: true } }} />
        ))}
      </Box>
    </Box>
  );
}
