import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AVATAR_DELETE_MARKER, type ProfileUpdateResponse, type UserDto } from '@mediport/contracts';
import { fetchProfile, readAuth, setAuth, updateProfile } from '@mediport/api-client';
import type { ImageChange } from '@mediport/ui';

export interface StammdatenValues {
  salutation: '' | 'mr' | 'mrs';
  title: string;
  firstname: string;
  lastname: string;
  street: string;
  postalCode: string;
  city: string;
  country: string;
}

/** New file, delete marker, or untouched. */
export type AvatarChange = ImageChange;

export function useProfile(userId: string) {
  return useQuery<UserDto>({ queryKey: ['profile', userId], queryFn: () => fetchProfile(userId), enabled: !!userId });
}

/** PUT /api/users/{id}/profile as multipart (fields plus avatar file or the "_delete" marker). */
export function saveProfile(userId: string, values: StammdatenValues, avatar: AvatarChange): Promise<ProfileUpdateResponse> {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) form.append(key, value);
  if (avatar.kind === 'delete') form.append('avatar', AVATAR_DELETE_MARKER);
  if (avatar.kind === 'replace') form.append('avatar', avatar.file, avatar.file.name);
  return updateProfile(userId, form);
}

/** Saves and refreshes the stored auth record's user, so the top bar shows the new name and avatar. */
export function useSaveProfile(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ values, avatar }: { values: StammdatenValues; avatar: AvatarChange }) => saveProfile(userId, values, avatar),
    onSuccess: (res) => {
      const auth = readAuth();
      if (auth && auth.user._id === res.user._id) setAuth({ ...auth, user: res.user });
      client.setQueryData(['profile', userId], res.user);
    },
  });
}
