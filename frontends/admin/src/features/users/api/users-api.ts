import { useEffect, useMemo, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_MESSAGES, type AuthRecord, type UserLookups, userLookupsOf, type UserWriteRequest } from '@mediport/contracts';
import { grantOf, hasPermission } from '@mediport/permissions';
import { callApi, masquerade, type QueryValue, setAuth, toast, useAuth } from '@mediport/api-client';

export const USERS_KEY = ['users'] as const;

/** GET /api/users with the list's query (offset, limit, sort, filter[...]; libs/ui `useListState`). */
export function useUsers(query: Record<string, QueryValue>) {
  return useQuery({
    queryKey: [...USERS_KEY, 'list', query],
    queryFn: () => callApi('GET /api/users', { query }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/users/{id} (opening a user marks it as seen). */
export function useUser(id: string | undefined) {
  return useQuery({
    queryKey: [...USERS_KEY, 'one', id],
    enabled: !!id,
    queryFn: () => callApi('GET /api/users/:id', { params: { id: id! } }),
  });
}

/** GET {list}?limit=-1 (every active record the caller may read), quiet when it fails. */
function useEveryRecord<R extends 'GET /api/homes' | 'GET /api/doctors'>(route: R, viewer: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: [...USERS_KEY, 'lookups', route, viewer],
    enabled,
    staleTime: 60_000,
    queryFn: () => callApi(route, { query: { limit: -1 }, handleErrors: false }),
  });
}

/**
 * Home, living-area and doctor choices of the user form and the list's filters, from the master-data
 * lists GET /api/homes and GET /api/doctors (limit=-1). A caller who administers only the users of
 * the own home or doctor is offered just those; a list the caller may not read offers nothing.
 */
export function useUserLookups(enabled = true): { data: UserLookups | undefined; isPending: boolean } {
  const auth = useAuth();
  const permissions = auth?.permissions ?? [];
  const all = grantOf(permissions, 'user_list_view') === 'all' || grantOf(permissions, 'user_create_view') === 'all';
  const ownHome = all ? undefined : (auth?.home?._id ?? null);
  const ownDoctor = all ? undefined : (auth?.doctor?._id ?? null);
  const askHomes = enabled && hasPermission(permissions, 'home_list_view') && ownHome !== null;
  const askDoctors = enabled && hasPermission(permissions, 'doctor_list_view') && ownDoctor !== null;
  const homes = useEveryRecord('GET /api/homes', auth?.user._id, askHomes);
  const doctors = useEveryRecord('GET /api/doctors', auth?.user._id, askDoctors);
  const isPending = (askHomes && homes.isPending) || (askDoctors && doctors.isPending);
  const data = useMemo(
    () =>
      enabled && !isPending
        ? userLookupsOf(homes.data?.data ?? [], doctors.data?.data ?? [], all ? undefined : { home: ownHome ?? null, doctor: ownDoctor ?? null })
        : undefined,
    [enabled, isPending, homes.data, doctors.data, all, ownHome, ownDoctor],
  );
  return { data, isPending };
}

/** GET /api/contracts/has?home= | ?doctor=: whether a contract exists (chargeable acknowledgement). */
export function useContractExists(owner: { home?: string | null; doctor?: string | null } | null) {
  const key = owner?.home ? { home: owner.home } : owner?.doctor ? { doctor: owner.doctor } : null;
  return useQuery({
    queryKey: ['contracts-has', key],
    enabled: !!key,
    queryFn: () => callApi('GET /api/contracts/has', { query: key! }),
  });
}

function useInvalidateUsers() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: USERS_KEY });
}

/** POST /api/users. Field errors (errors[].path) are left to the form. */
export function useCreateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (body: UserWriteRequest) => callApi('POST /api/users', { body, handleErrors: false }),
    onSuccess: invalidate,
  });
}

/** PUT /api/users/{id}. Field errors are left to the form. */
export function useUpdateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UserWriteRequest }) => callApi('PUT /api/users/:id', { params: { id }, body, handleErrors: false }),
    onSuccess: invalidate,
  });
}

/** DELETE /api/users/{id}: deactivation. */
export function useDeactivateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (id: string) => callApi('DELETE /api/users/:id', { params: { id } }),
    onSuccess: invalidate,
  });
}

/** PUT /api/users/{id} with an empty status: reactivation. */
export function useReactivateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (id: string) => callApi('PUT /api/users/:id', { params: { id }, body: { status: '' } }),
    onSuccess: invalidate,
  });
}

/** PUT /api/seen/users: every user counts as seen (statistics module). */
export function useMarkAllUsersRead() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: () => callApi('PUT /api/seen/users'),
    onSuccess: invalidate,
  });
}

/** POST /api/auth/masquerade/{id}. */
export function useMasquerade() {
  return useMutation({ mutationFn: (id: string): Promise<AuthRecord> => masquerade(id) });
}

/**
 * Switch to another user (masquerade), then /profil. The new auth record is stored only once the
 * app has left the user list: stored earlier, the list's permission guard would see the target's
 * rights first and redirect to the dashboard.
 */
export function useSwitchToUser() {
  const navigate = useNavigate();
  const masq = useMasquerade();
  const pending = useRef<AuthRecord | null>(null);
  useEffect(
    () => () => {
      const record = pending.current;
      if (!record) return;
      pending.current = null;
      setAuth(record);
      toast(API_MESSAGES.masquerade, 'success');
    },
    [],
  );
  const switchTo = (id: string) =>
    masq.mutate(id, {
      onSuccess: (record) => {
        pending.current = record;
        navigate('/profil');
      },
    });
  return { switchTo, switching: masq.isPending };
}
