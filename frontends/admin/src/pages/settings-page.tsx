import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { isSettingsAdmin, PRODUCT_NAME, SETTINGS_MESSAGES, type SettingsDto } from '@mediport/contracts';
import { compactSepaInput, formatIban, isValidBic, isValidCreditorId, isValidIban, SEPA_MESSAGES } from '@mediport/contracts/payment';
import { ApiError, toast, useAuth } from '@mediport/api-client';
import { ErrorPanel, IMAGE_TYPES, ImageDropzone, LoadingState, MAX_IMAGE_BYTES, PageHeader, useUnsavedChangesGuard, type ImageChange } from '@mediport/ui';
import { SETTINGS_LABELS, validateSettings } from '@mediport/validation';
import { usePartnerFlag, useSaveSettings, useSettings } from '../features/settings/api/settings-api';
import { ADMIN_AREA, COMMON_TEXT, LOGO_TEXT, SETTINGS_TEXT } from '../messages';

type CreditorField = keyof typeof SETTINGS_TEXT.creditorLabels;
type FieldName = keyof typeof SETTINGS_LABELS | CreditorField;
type FormValues = Record<FieldName, string>;

const LABELS: Record<FieldName, string> = { ...SETTINGS_LABELS, ...SETTINGS_TEXT.creditorLabels };
const OPERATOR_FIELDS: FieldName[] = ['company', 'street', 'postalCode', 'city', 'phone', 'fax', 'email'];
const ADMIN_FIELDS: FieldName[] = ['debtorId', 'instanceId'];

/**
 * The direct-debit creditor: each field may be empty; a filled one must pass the check the server
 * runs, with its message. Spaces and lower case are ignored; `normalize` is how the field shows the
 * value once left (the IBAN in groups of four, the others compact and upper case).
 */
const CREDITOR_RULES: Record<CreditorField, { check: (value: string) => boolean; message: string; normalize: (value: string) => string }> = {
  creditorId: { check: isValidCreditorId, message: SEPA_MESSAGES.creditorIdInvalid, normalize: compactSepaInput },
  creditorIban: { check: isValidIban, message: SEPA_MESSAGES.creditorIbanInvalid, normalize: formatIban },
  creditorBic: { check: isValidBic, message: SEPA_MESSAGES.creditorBicInvalid, normalize: compactSepaInput },
};
const CREDITOR_FIELDS = Object.keys(CREDITOR_RULES) as CreditorField[];

function valuesOf(s: SettingsDto): FormValues {
  const admin = isSettingsAdmin(s);
  return {
    company: s.company,
    street: s.street,
    postalCode: s.postalCode,
    city: s.city,
    phone: s.phone,
    fax: s.fax,
    email: s.email,
    debtorId: s.debtorId ?? '',
    instanceId: s.instanceId ?? '',
    creditorId: admin ? compactSepaInput(s.creditorId ?? '') : '',
    creditorIban: admin ? formatIban(s.creditorIban ?? '') : '',
    creditorBic: admin ? compactSepaInput(s.creditorBic ?? '') : '',
  };
}

/** Field errors from the shared rules (libs/validation, the SEPA checks of contracts), the same the server runs. */
function resolver(values: FormValues) {
  const errors: Record<string, { type: string; message: string }> = {};
  for (const e of validateSettings(values)) errors[e.path] ??= { type: 'rule', message: e.message };
  for (const key of CREDITOR_FIELDS) {
    const rule = CREDITOR_RULES[key];
    if (compactSepaInput(values[key]) !== '' && !rule.check(values[key])) errors[key] ??= { type: 'rule', message: rule.message };
  }
  return { values: Object.keys(errors).length ? {} : values, errors };
}

/**
 * /einstellungen: the operator's company data, shown on the imprint and used as sender on documents,
 * and for settings_list holders the creditor of the invoices' direct-debit export.
 */
export function SettingsPage() {
  const settings = useSettings();
  const partner = usePartnerFlag();
  const save = useSaveSettings();
  const auth = useAuth();
  const navigate = useNavigate();
  const isAdmin = !!auth?.roles.includes('ROLE_ADMIN');
  const [logo, setLogo] = useState<ImageChange>({ kind: 'keep' });
  const [logoError, setLogoError] = useState<string | undefined>();
  const form = useForm<FormValues>({ mode: 'onChange', resolver: async (v) => resolver(v) });
  const { register, handleSubmit, reset, setError, setValue, formState } = form;
  const guard = useUnsavedChangesGuard(formState.isDirty || logo.kind !== 'keep');

  useEffect(() => {
    if (settings.data) reset(valuesOf(settings.data));
  }, [settings.data, reset]);

  const companyLocked = (!!settings.data && isSettingsAdmin(settings.data) && settings.data.partnerInstance) || partner.data === true;
  // The creditor is part of the answer for settings_list holders only; only they see and send it.
  const showCreditor = !!settings.data && isSettingsAdmin(settings.data);
  const crumbs = [{ label: PRODUCT_NAME, to: '/' }, { label: ADMIN_AREA }, { label: SETTINGS_TEXT.title }];

  const onSubmit = (values: FormValues) => {
    const fields: Record<string, string> = {};
    for (const key of OPERATOR_FIELDS) fields[key] = values[key];
    // Only an administrator sends the customer and instance numbers (the server refuses changes by others).
    if (isAdmin) for (const key of ADMIN_FIELDS) fields[key] = values[key];
    // Sent compact and upper case, as the server stores them; empty clears a field.
    if (showCreditor) for (const key of CREDITOR_FIELDS) fields[key] = compactSepaInput(values[key]);
    save.mutate(
      { fields, logo },
      {
        onSuccess: (saved) => {
          // The saved values are the new baseline: nothing is unsaved any more.
          reset(valuesOf(saved));
          setLogo({ kind: 'keep' });
          setLogoError(undefined);
          toast(SETTINGS_MESSAGES.saved, 'success');
        },
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          for (const [path, message] of Object.entries(error.fieldErrors())) {
            if (path === 'logo') setLogoError(message);
            else if (path in LABELS) setError(path as FieldName, { type: 'server', message });
          }
        },
      },
    );
  };

  if (settings.isLoading) {
    return (
      <>
        <PageHeader title={SETTINGS_TEXT.title} breadcrumbs={crumbs} />
        <LoadingState />
      </>
    );
  }
  if (!settings.data) {
    return (
      <>
        <PageHeader title={SETTINGS_TEXT.title} breadcrumbs={crumbs} />
        <ErrorPanel message={SETTINGS_TEXT.loadFailed} onRetry={() => void settings.refetch()} />
      </>
    );
  }

  const field = (name: FieldName, extra: { disabled?: boolean; helper?: string; inputMode?: 'numeric' | 'email' | 'tel'; maxLength?: number } = {}) => {
    const error = formState.errors[name]?.message;
    const creditor = name in CREDITOR_RULES ? CREDITOR_RULES[name as CreditorField] : undefined;
    // A creditor field shows its value normalized once left, whatever spacing and case were typed.
    const onBlur = creditor && ((e: { target: { value: string } }) => setValue(name, creditor.normalize(e.target.value), { shouldDirty: true, shouldValidate: true }));
    return (
      <TextField
        {...register(name, { onBlur })}
        id={`settings-${name}`}
        label={LABELS[name]}
        required={OPERATOR_FIELDS.includes(name)}
        fullWidth
        disabled={extra.disabled}
        error={!!error}
        helperText={error ?? extra.helper}
        autoComplete={creditor ? 'off' : undefined}
        slotProps={{ htmlInput: { inputMode: extra.inputMode, maxLength: extra.maxLength, ...(creditor && { spellCheck: false, autoCapitalize: 'characters' }) } }}
      />
    );
  };

  return (
    <>
      <PageHeader title={SETTINGS_TEXT.title} breadcrumbs={crumbs} />
      <Paper component="form" noValidate onSubmit={handleSubmit(onSubmit)} sx={{ p: 3 }} aria-label={SETTINGS_TEXT.formLabel}>
        <Typography variant="h2" gutterBottom>
          {SETTINGS_TEXT.heading}
        </Typography>
        <Typography color="textSecondary" sx={{ mb: 3 }}>
          {SETTINGS_TEXT.intro}
        </Typography>
        {companyLocked && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {SETTINGS_MESSAGES.partnerCompany}
          </Alert>
        )}
        <Grid container spacing={2}>
          <Grid size={{ xs: 12 }}>{field('company', { disabled: companyLocked })}</Grid>
          <Grid size={{ xs: 12 }}>{field('street')}</Grid>
          <Grid size={{ xs: 12, sm: 4 }}>{field('postalCode', { inputMode: 'numeric', maxLength: 5 })}</Grid>
          <Grid size={{ xs: 12, sm: 8 }}>{field('city')}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{field('phone', { inputMode: 'tel' })}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{field('fax', { inputMode: 'tel' })}</Grid>
          <Grid size={{ xs: 12 }}>{field('email', { inputMode: 'email' })}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{field('debtorId', { disabled: !isAdmin, helper: isAdmin ? undefined : SETTINGS_TEXT.adminOnly })}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{field('instanceId', { disabled: !isAdmin, helper: isAdmin ? undefined : SETTINGS_TEXT.adminOnly })}</Grid>
          <Grid size={{ xs: 12 }}>
            <ImageDropzone
              texts={LOGO_TEXT}
              shape="logo"
              accept={IMAGE_TYPES}
              maxBytes={MAX_IMAGE_BYTES}
              testId="logo-dropzone"
              current={settings.data.logo ?? null}
              change={logo}
              onChange={(v) => {
                setLogo(v);
                setLogoError(undefined);
              }}
              error={logoError}
            />
          </Grid>
        </Grid>
        {showCreditor && (
          <Box component="section" aria-labelledby="settings-creditor-heading" sx={{ mt: 4 }}>
            <Typography id="settings-creditor-heading" variant="h2" gutterBottom>
              {SETTINGS_TEXT.creditorHeading}
            </Typography>
            <Typography color="textSecondary" sx={{ mb: 3 }}>
              {SETTINGS_TEXT.creditorIntro}
            </Typography>
            <Grid container spacing={2}>
              <Grid size={{ xs: 12 }}>{field('creditorId')}</Grid>
              <Grid size={{ xs: 12, sm: 8 }}>{field('creditorIban')}</Grid>
              <Grid size={{ xs: 12, sm: 4 }}>{field('creditorBic')}</Grid>
            </Grid>
          </Box>
        )}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 3 }}>
          <Button onClick={() => navigate('/')}>{COMMON_TEXT.cancel}</Button>
          <Button type="submit" variant="contained" disabled={save.isPending || Object.keys(formState.errors).length > 0}>
            {COMMON_TEXT.save}
          </Button>
        </Box>
      </Paper>
      {guard.dialog}
    </>
  );
}
