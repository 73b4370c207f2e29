import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { grantableRoles, ROLE_DESCRIPTIONS, ROLE_LABELS, ROLES, type Role, type UserListRow, type UserLookups, type UserWriteRequest } from '@mediport/contracts';
import { ApiError, handleApiError, useAuth } from '@mediport/api-client';
import { hasPermission } from '@mediport/permissions';
import { generatePassword, ONE_TIME_POLICY, STRICT_POLICY } from '@mediport/validation';
import { GeneratedPassword, PasswordField, formatDateTime, useUnsavedChangesGuard } from '@mediport/ui';
import { useContractExists } from '../api/users-api';
import { USERS_TEXT as T } from '../messages';
import {
  changeHome,
  chargeableOwners,
  doctorName,
  formErrors,
  homeGroupsOf,
  type FormMode,
  type FormVariant,
  newUserValues,
  nextChargeable,
  toggleRole,
  toRequest,
  type UserFormValues,
  userValues,
} from '../user-form-model';

export interface UserFormProps {
  variant: FormVariant;
  mode: FormMode;
  lookups: UserLookups;
  user?: UserListRow;
  /** Saves the request; rejects with an ApiError whose field errors the form shows. */
  onSubmit: (body: UserWriteRequest, opts: { reactivate: boolean }) => Promise<unknown>;
  /** The list: "Abbrechen" leads there (asking first while changes are unsaved), and so does a save. */
  cancelTo: string;
  /** Extra buttons (e.g. the legacy edit form's delete link). */
  extraActions?: ReactNode;
}

const FIELD_PATHS = ['username', 'roles', 'doctor', 'home', 'homeGroup', 'password', 'password_confirm', 'chargeable'] as const;

/** The user form of /nutzer/neu, /nutzer/{id}, /v3/nutzer/neu and /v3/nutzer/bearbeiten/{id}. */
export function UserForm({ variant, mode, lookups, user, onSubmit, cancelTo, extraActions }: UserFormProps) {
  const auth = useAuth();
  const caller = useMemo(() => ({ roles: auth?.roles ?? [], home: auth?.home?._id ?? null, doctor: auth?.doctor?._id ?? null }), [auth]);
  const grantable = useMemo(
    () => grantableRoles(auth?.roles ?? [], (p) => hasPermission(auth?.permissions ?? [], p)),
    [auth],
  );
  // The form starts once from the loaded user and lookups.
  const [initial] = useState(() => (user ? userValues(user) : newUserValues(variant, caller, lookups.homes)));
  const { control, setValue, getValues, formState } = useForm<UserFormValues>({ defaultValues: initial, mode: 'onChange' });
  const values = useWatch({ control }) as UserFormValues;
  const [passwordEnabled, setPasswordEnabled] = useState(mode === 'create');
  const [generated, setGenerated] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const removed = user?.status === 'removed';
  const navigate = useNavigate();
  const guard = useUnsavedChangesGuard(formState.isDirty);

  // Chargeable acknowledgement: ask whether the chosen home / doctor has a contract.
  const owners = chargeableOwners(values);
  const homeContract = useContractExists(owners.home ? { home: owners.home } : null);
  const doctorContract = useContractExists(owners.doctor ? { doctor: owners.doctor } : null);
  const assignmentChanged =
    mode === 'create' ||
    values.home !== initial.home ||
    values.doctor !== initial.doctor ||
    [...values.roles].sort().join() !== [...initial.roles].sort().join();
  useEffect(() => {
    if (!assignmentChanged) {
      if (getValues('chargeable') !== initial.chargeable) setValue('chargeable', initial.chargeable);
      return;
    }
    const checks = [owners.home ? homeContract.data : true, owners.doctor ? doctorContract.data : true];
    if ((owners.home && homeContract.data === undefined) || (owners.doctor && doctorContract.data === undefined)) return;
    const next = nextChargeable(getValues('chargeable'), checks);
    if (next !== getValues('chargeable')) setValue('chargeable', next);
  }, [assignmentChanged, owners.home, owners.doctor, homeContract.data, doctorContract.data, getValues, setValue, initial.chargeable]);

  const doctorEmail = values.doctor ? lookups.doctors.find((d) => d._id === values.doctor)?.email : undefined;
  const currentUsername = mode === 'edit' ? user?.username : undefined;
  const errors = { ...formErrors(values, { mode, passwordEnabled, doctorEmail, currentUsername }), ...serverErrors };
  const hasErrors = Object.keys(errors).length > 0;
  // An error shows once its field was changed or left (or the server named it); save stays disabled meanwhile.
  const shown = (path: string): string | undefined => {
    const key = path as keyof UserFormValues;
    const visible =
      !!formState.dirtyFields[key] ||
      !!formState.touchedFields[key] ||
      !!serverErrors[path] ||
      ((path === 'doctor' || path === 'home') && !!formState.dirtyFields.roles);
    return visible ? errors[path] : undefined;
  };

  const clearServerError = (path: string) =>
    setServerErrors((e) => {
      if (!(path in e)) return e;
      const next = { ...e };
      delete next[path];
      return next;
    });

  const onToggleRole = (role: Role, checked: boolean) => {
    const next = toggleRole(getValues(), role, checked, lookups.homes);
    setValue('roles', next.roles, { shouldDirty: true, shouldTouch: true });
    setValue('doctor', next.doctor, { shouldDirty: next.doctor !== values.doctor });
    setValue('home', next.home, { shouldDirty: next.home !== values.home });
    setValue('homeGroup', next.homeGroup, { shouldDirty: next.homeGroup !== values.homeGroup });
    clearServerError('roles');
  };

  const onGenerate = () => {
    const pw = generatePassword(getValues('once_password') ? ONE_TIME_POLICY : STRICT_POLICY);
    setValue('password', pw, { shouldDirty: true, shouldTouch: true });
    setValue('password_confirm', pw, { shouldDirty: true, shouldTouch: true });
    setGenerated(pw);
    clearServerError('password');
    clearServerError('password_confirm');
  };

  const submit = async () => {
    setSaving(true);
    try {
      await onSubmit(toRequest(getValues(), { mode, variant, passwordEnabled, reactivate: removed, currentUsername }), { reactivate: removed });
      guard.leave(() => navigate(cancelTo));
    } catch (error) {
      if (error instanceof ApiError) {
        const fieldErrors = error.fieldErrors();
        const known = Object.fromEntries(Object.entries(fieldErrors).filter(([p]) => (FIELD_PATHS as readonly string[]).includes(p)));
        setServerErrors(known);
        const rest = error.errors.filter((e) => !e.path || !(e.path in known));
        if (rest.length || Object.keys(known).length === 0) handleApiError(rest.length ? new ApiError(error.status, { errors: rest }) : error);
      } else {
        handleApiError(error);
      }
    } finally {
      setSaving(false);
    }
  };

  const showHome = values.roles.includes('ROLE_HOME');
  const homeGroupChoices = homeGroupsOf(lookups.homeGroups, values.home);
  const homeGroupName = (id: string) => lookups.homeGroups.find((g) => g._id === id)?.name ?? id;
  const homeGroupHint = !values.home ? T.homeGroupChooseHome : homeGroupChoices.length === 0 ? T.homeGroupNone : T.homeGroupHint;
  const showDoctor = values.roles.includes('ROLE_DOCTOR');

  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <Box component="form" noValidate onSubmit={(e) => (e.preventDefault(), !hasErrors && !saving && void submit())}>
        {removed && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {T.deactivatedNote}
          </Alert>
        )}
        <Box sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <Controller
            name="username"
            control={control}
            render={({ field }) => (
              <TextField
                {...field}
                onChange={(e) => (field.onChange(e), clearServerError('username'))}
                label={T.username}
                placeholder={T.usernamePlaceholder}
                required
                error={!!shown('username')}
                helperText={shown('username') ?? ' '}
                autoComplete="off"
              />
            )}
          />
          <Controller
            name="salutation"
            control={control}
            render={({ field }) => (
              <TextField {...field} select label={T.salutation} slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}>
                {variant === 'legacy' && <MenuItem value="">{T.salutationNone}</MenuItem>}
                <MenuItem value="mr">{T.mr}</MenuItem>
                <MenuItem value="mrs">{T.mrs}</MenuItem>
              </TextField>
            )}
          />
          <Controller name="title" control={control} render={({ field }) => <TextField {...field} label={T.title} />} />
          <Box />
          <Controller name="firstname" control={control} render={({ field }) => <TextField {...field} label={T.firstname} />} />
          <Controller name="lastname" control={control} render={({ field }) => <TextField {...field} label={T.lastname} />} />
        </Box>

        <FormControl component="fieldset" error={!!shown('roles')} sx={{ mt: 3, width: '100%' }}>
          <FormLabel component="legend">{T.roles}</FormLabel>
          <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2 }}>
            {ROLES.map((role) => {
              const descId = `role-desc-${role}`;
              return (
                <Box key={role} sx={{ mb: 1 }}>
                  <FormControlLabel
                    label={ROLE_LABELS[role]}
                    disabled={!grantable.includes(role)}
                    control={
                      <Checkbox
                        checked={values.roles.includes(role)}
                        onChange={(e) => onToggleRole(role, e.target.checked)}
                        slotProps={{ input: { 'aria-describedby': descId } as Record<string, string> }}
                      />
                    }
                  />
                  <Typography id={descId} variant="caption" color="textSecondary" sx={{ display: 'block', ml: 4, mt: -0.5 }}>
                    {ROLE_DESCRIPTIONS[role]}
                  </Typography>
                </Box>
              );
            })}
          </FormGroup>
          {grantable.length < ROLES.length && <FormHelperText sx={{ ml: 0 }}>{T.rolesLocked}</FormHelperText>}
          {shown('roles') && <FormHelperText sx={{ ml: 0 }}>{shown('roles')}</FormHelperText>}
        </FormControl>

        <Box sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, mt: 2 }}>
          {showDoctor && (
            <Controller
              name="doctor"
              control={control}
              render={({ field }) => (
                <TextField
                  {...field}
                  onChange={(e) => (field.onChange(e), clearServerError('doctor'))}
                  select
                  required
                  label={T.doctor}
                  error={!!shown('doctor')}
                  helperText={shown('doctor') ?? ' '}
                >
                  {lookups.doctors.map((d) => (
                    <MenuItem key={d._id} value={d._id}>
                      {doctorName(d)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          )}
          {showHome && (
            <Controller
              name="home"
              control={control}
              render={({ field }) => (
                <TextField
                  {...field}
                  onChange={(e) => {
                    // Another home clears the chosen living areas.
                    const next = changeHome(getValues(), e.target.value);
                    field.onChange(e);
                    if (next.homeGroup !== values.homeGroup) setValue('homeGroup', next.homeGroup, { shouldDirty: true });
                    clearServerError('home');
                    clearServerError('homeGroup');
                  }}
                  select
                  required
                  label={T.home}
                  error={!!shown('home')}
                  helperText={shown('home') ?? ' '}
                >
                  {lookups.homes.map((h) => (
                    <MenuItem key={h._id} value={h._id}>
                      {h.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          )}
          {showHome && (
            <Controller
              name="homeGroup"
              control={control}
              render={({ field }) => (
                <TextField
                  name={field.name}
                  inputRef={field.ref}
                  value={field.value}
                  onBlur={field.onBlur}
                  onChange={(e) => {
                    const v = e.target.value as unknown as string[] | string;
                    field.onChange(typeof v === 'string' ? v.split(',').filter(Boolean) : v);
                    clearServerError('homeGroup');
                  }}
                  select
                  label={T.homeGroup}
                  disabled={!values.home || homeGroupChoices.length === 0}
                  error={!!shown('homeGroup')}
                  helperText={shown('homeGroup') ?? homeGroupHint}
                  slotProps={{
                    select: {
                      multiple: true,
                      renderValue: (selected) => (
                        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                          {(selected as string[]).map((id) => (
                            <Chip key={id} label={homeGroupName(id)} size="small" />
                          ))}
                        </Box>
                      ),
                    },
                  }}
                >
                  {homeGroupChoices.map((g) => (
                    <MenuItem key={g._id} value={g._id}>
                      <Checkbox checked={field.value.includes(g._id)} size="small" sx={{ py: 0, pl: 0 }} />
                      <ListItemText primary={g.name} />
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          )}
        </Box>

        {(values.chargeable === 1 || values.chargeable === 2) && (
          <Alert severity={values.chargeable === 1 ? 'warning' : 'info'} sx={{ mt: 2 }}>
            <Typography variant="body2">{T.chargeableNote}</Typography>
            <FormControlLabel
              label={T.chargeable}
              control={
                <Checkbox
                  checked={values.chargeable === 2}
                  onChange={(e) => setValue('chargeable', e.target.checked ? 2 : 1, { shouldDirty: true })}
                />
              }
            />
            {errors.chargeable && <FormHelperText error>{errors.chargeable}</FormHelperText>}
          </Alert>
        )}

        <Typography variant="h3" component="h2" sx={{ mt: 3, mb: 1, fontSize: '1.1rem' }}>
          {T.password}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, mb: 2, flexWrap: 'wrap' }}>
          {mode === 'edit' && !passwordEnabled && (
            <Button variant="outlined" onClick={() => setPasswordEnabled(true)}>
              {T.changePassword}
            </Button>
          )}
          <Button variant="outlined" onClick={onGenerate} disabled={!passwordEnabled}>
            {T.generate}
          </Button>
          <Controller
            name="once_password"
            control={control}
            render={({ field }) => (
              <FormControlLabel
                label={T.oncePassword}
                control={<Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} onBlur={field.onBlur} />}
              />
            )}
          />
        </Box>
        {values.once_password && (
          <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
            {T.oncePasswordHint}
          </Typography>
        )}
        {generated && <GeneratedPassword password={generated} />}
        <Box sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <Controller
            name="password"
            control={control}
            render={({ field }) => (
              <PasswordField
                {...field}
                onChange={(e) => (field.onChange(e), clearServerError('password'))}
                label={T.password}
                required={mode === 'create'}
                disabled={!passwordEnabled}
                autoComplete="new-password"
                error={passwordEnabled && !!shown('password')}
                helperText={(passwordEnabled && shown('password')) || ' '}
              />
            )}
          />
          <Controller
            name="password_confirm"
            control={control}
            render={({ field }) => (
              <PasswordField
                {...field}
                onChange={(e) => (field.onChange(e), clearServerError('password_confirm'))}
                label={T.passwordConfirm}
                required={mode === 'create'}
                disabled={!passwordEnabled}
                autoComplete="new-password"
                error={passwordEnabled && !!shown('password_confirm')}
                helperText={(passwordEnabled && shown('password_confirm')) || ' '}
              />
            )}
          />
        </Box>

        {user && mode === 'edit' && (
          <Typography variant="body2" color="textSecondary" sx={{ mt: 2 }}>
            {user.modifiedFrom ? T.lastChanged(user.modifiedFrom.name, formatDateTime(user.modifiedAt)) : T.lastChangedAt(formatDateTime(user.modifiedAt))}
            {user.createdFrom ? ` · ${T.created(user.createdFrom.name, formatDateTime(user.createdAt))}` : null}
          </Typography>
        )}

        <Box sx={{ display: 'flex', gap: 1, mt: 3, flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained" disabled={hasErrors || saving}>
            {removed ? T.reactivate : T.save}
          </Button>
          <Button component={RouterLink} to={cancelTo}>
            {T.cancel}
          </Button>
          <Box sx={{ flexGrow: 1 }} />
          {!removed && extraActions}
        </Box>
      </Box>
      {guard.dialog}
    </Paper>
  );
}
