import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSnackbar } from 'notistack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useAuth } from '@mediport/api-client';
import { compactSepaInput, formatIban, isValidBic, isValidIban, type PaymentData, type PaymentDataUpdate, SEPA_MESSAGES } from '@mediport/contracts/payment';
import { hasPermission } from '@mediport/permissions';
import { ConfirmDialog, ErrorPanel, LoadingState } from '@mediport/ui';
import { refusalOf, useCreditorName, usePaymentData, useSavePaymentData } from '../api/mandate-api';
import { MANDATE_TEXTS as T } from '../mandate-texts';
import { SepaExportCard } from './sepa-export-card';

interface MandateForm {
  iban: string;
  bic: string;
}

/** Mandat: the SEPA direct-debit mandate of the user's home, practice or pharmacy; accounting also exports the month's direct debits. */
export function MandateTab() {
  const auth = useAuth();
  const userId = auth?.user._id ?? '';
  const permissions = auth?.permissions ?? [];
  const data = usePaymentData(userId);

  if (data.isError) return <ErrorPanel message={T.loadFailed} onRetry={() => void data.refetch()} />;
  if (data.isLoading || !data.data) return <LoadingState />;
  return (
    <Stack spacing={4} sx={{ maxWidth: 760 }}>
      <MandateSection data={data.data} userId={userId} canEdit={hasPermission(permissions, 'payment_edit_view')} />
      {hasPermission(permissions, 'invoice_sepa_export_view') && <SepaExportCard />}
    </Stack>
  );
}

/** One term and its value in the mandate's description list. */
function Entry({ term, children, testId, mono }: { term: string; children: ReactNode; testId?: string; mono?: boolean }) {
  return (
    <>
      <Typography component="dt" color="text.secondary">
        {term}
      </Typography>
      <Typography component="dd" data-testid={testId} sx={mono ? { fontFamily: 'monospace', fontSize: '1rem' } : undefined}>
        {children}
      </Typography>
    </>
  );
}

function MandateSection({ data, userId, canEdit }: { data: PaymentData; userId: string; canEdit: boolean }) {
  const save = useSavePaymentData(userId);
  const creditor = useCreditorName();
  const { enqueueSnackbar } = useSnackbar();
  const [editing, setEditing] = useState(!data.mandate);
  const [confirm, setConfirm] = useState<'grant' | 'revoke' | null>(null);
  const form = useForm<MandateForm>({ defaultValues: { iban: '', bic: '' }, mode: 'onTouched' });
  const missingParty = !data.company.trim() || !data.email.trim();

  async function submit(body: PaymentDataUpdate) {
    setConfirm(null);
    try {
      const answer = await save.mutateAsync(body);
      enqueueSnackbar(answer.action === 'revoked' ? SEPA_MESSAGES.revoked : SEPA_MESSAGES.granted, { variant: 'success' });
      setEditing(!answer.paymentData.mandate);
      form.reset({ iban: '', bic: '' });
    } catch (error) {
      const refusal = refusalOf(error);
      if (!refusal) {
        enqueueSnackbar(SEPA_MESSAGES.failed, { variant: 'error' });
        return;
      }
      for (const e of refusal) {
        if (e.path === 'iban' || e.path === 'bic') form.setError(e.path, { message: e.message });
      }
      enqueueSnackbar(refusal[0]!.message, { variant: 'error' });
    }
  }

  const values = form.watch();
  return (
    <Box component="section" aria-labelledby="mandate-title">
      <Typography id="mandate-title" variant="h6" component="h2" gutterBottom>
        {T.title}
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '12rem 1fr' }, columnGap: 2, rowGap: { xs: 0.25, sm: 1 }, m: 0, mb: 2, '& dd': { m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: 'anywhere' } }}>
        <Entry term={T.company}>{data.company || '–'}</Entry>
        <Entry term={T.email}>{data.email || '–'}</Entry>
        <Entry term={T.status}>
          <Chip size="small" color={data.mandate ? 'success' : 'default'} label={data.mandate ? T.active : T.none} />
        </Entry>
        {data.mandate && (
          <>
            <Entry term={T.iban} testId="mandate-iban" mono>
              {data.iban}
            </Entry>
            <Entry term={T.bic}>{data.bic || '–'}</Entry>
            <Entry term={T.reference}>{data.reference}</Entry>
            <Entry term={T.signedOn}>{data.signedOn}</Entry>
          </>
        )}
      </Box>
      {data.mandate && !data.ibanVisible && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {T.masked}
        </Alert>
      )}
      {!canEdit && <Alert severity="info">{T.readOnly}</Alert>}
      {canEdit && missingParty && <Alert severity="warning">{SEPA_MESSAGES.companyEmailRequired}</Alert>}
      {canEdit && !missingParty && data.mandate && !editing && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button variant="outlined" onClick={() => setEditing(true)}>
            {T.change}
          </Button>
          <Button color="error" variant="outlined" onClick={() => setConfirm('revoke')}>
            {T.revoke}
          </Button>
        </Stack>
      )}
      {canEdit && !missingParty && editing && (
        <Box component="form" noValidate onSubmit={form.handleSubmit(() => setConfirm('grant'))}>
          <Stack spacing={2}>
            <TextField
              label={T.iban}
              required
              autoComplete="off"
              slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'characters' } }}
              {...form.register('iban', {
                validate: (v) => isValidIban(v) || SEPA_MESSAGES.invalid,
                // Shown in groups of four once typed, whatever spacing was used.
                onBlur: (e) => form.setValue('iban', formatIban(e.target.value)),
              })}
              error={!!form.formState.errors.iban}
              helperText={form.formState.errors.iban?.message}
            />
            <TextField
              label={T.bic}
              autoComplete="off"
              slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'characters' } }}
              {...form.register('bic', {
                validate: (v) => !compactSepaInput(v) || isValidBic(v) || SEPA_MESSAGES.invalid,
                onBlur: (e) => form.setValue('bic', compactSepaInput(e.target.value)),
              })}
              error={!!form.formState.errors.bic}
              helperText={form.formState.errors.bic?.message ?? T.bicHint}
            />
            <Typography variant="body2" color="text.secondary">
              {T.authorisation(creditor.data?.company || T.creditorFallback)}
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
              <Button type="submit" variant="contained" disabled={save.isPending}>
                {T.grant}
              </Button>
              {data.mandate && (
                <Button onClick={() => setEditing(false)} disabled={save.isPending}>
                  {T.cancel}
                </Button>
              )}
            </Stack>
          </Stack>
        </Box>
      )}
      <ConfirmDialog
        open={confirm === 'grant'}
        title={T.confirmGrantTitle}
        confirmLabel={T.grant}
        onCancel={() => setConfirm(null)}
        onConfirm={() => void submit({ mandate: true, iban: values.iban, bic: values.bic, company: data.company, email: data.email })}
      >
        {T.confirmGrantText(formatIban(values.iban ?? ''))}
      </ConfirmDialog>
      <ConfirmDialog destructive open={confirm === 'revoke'} title={T.confirmRevokeTitle} confirmLabel={T.revoke} onCancel={() => setConfirm(null)} onConfirm={() => void submit({ mandate: false })}>
        {T.confirmRevokeText}
      </ConfirmDialog>
    </Box>
  );
}
