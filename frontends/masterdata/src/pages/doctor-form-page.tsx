import { useCallback, useMemo, type FormEvent } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useNavigate, useParams } from 'react-router-dom';
import {
  DOCTOR_PREFERRED,
  DOCTOR_PREFERRED_LABELS,
  DOCTOR_PREFERRED_WITHOUT_LOGIN,
  type DoctorDto,
  type DoctorPreferred,
  type DoctorWriteRequest,
  type PersonSalutation,
} from '@mediport/contracts';
import { validateDoctor } from '@mediport/validation';
import { toast, useAuth } from '@mediport/api-client';
import { PageHeader } from '@mediport/ui';
import { AddressFields, AuditInfo, FieldGrid, FORM_TEXTS, FormFrame, SalutationField, useConfirm, useRecordForm } from '../shared';
import { DeactivationNotice } from '../shared/deactivation';
import { OPTION_SELECT_TEXTS, OptionSelect, type SelectOption } from '../shared/option-select';
import { RecordState } from '../shared/record-state';
import { mayAssignOffice, mayEditDebtorId, useCreateDoctor, useDeactivateDoctor, useDoctor, useExpertises, useOfficeOptions, useUpdateDoctor } from '../features/doctors/api/doctors-api';
import { DOCTOR_TEXTS as T, SECTION_CRUMBS } from '../features/doctors/messages';
import { useReactivateDoctor } from '../features/doctors/components/use-reactivate-doctor';

/** Cookies that suppress the two questions ("Nicht mehr fragen"). */
export const CREATE_QUESTION_COOKIE = 'hide-question-create-doctor';
export const EMPTY_QUESTION_COOKIE = 'hide-question-empty-doctor';

const LIST = '/aerzte';

type Mode = 'new' | 'edit' | 'delete';

/** The form's values: the write request's fields as strings ('' for no practice, '' for no contact type yet). */
type DoctorValues = Required<Omit<DoctorWriteRequest, 'department' | 'phone' | 'deactivated' | 'preferred' | 'salutation'>> & {
  preferred: DoctorPreferred | '';
  salutation: PersonSalutation;
};

const toValues = (d: DoctorDto | undefined): DoctorValues => ({
  salutation: d?.salutation ?? '',
  title: d?.title ?? '',
  firstname: d?.firstname ?? '',
  lastname: d?.lastname ?? '',
  expertise: d?.expertise ?? '',
  street: d?.street ?? '',
  postalCode: d?.postalCode ?? '',
  city: d?.city ?? '',
  country: d?.country ?? 'Deutschland',
  office: d?.office ?? '',
  preferred: d?.preferred ?? '',
  email: d?.email ?? '',
  fax: d?.fax ?? '',
  debtorId: d?.debtorId ?? '',
});

/** /arzt/neu */
export function NewDoctorPage() {
  return <DoctorForm mode="new" />;
}

/** /arzt/{id} ('Arzt bearbeiten') and /arzt/{id}/loeschen ('Arzt löschen': read-only with the deactivation warning). */
export function DoctorPage({ mode }: { mode: Exclude<Mode, 'new'> }) {
  const { id } = useParams();
  const doctor = useDoctor(id);
  return (
    <RecordState query={doctor}>
      {(record) => <DoctorForm key={`${record._id}-${mode}`} mode={mode} record={record} />}
    </RecordState>
  );
}

function DoctorForm({ mode, record }: { mode: Mode; record?: DoctorDto }) {
  const navigate = useNavigate();
  const auth = useAuth();
  const canOffice = mayAssignOffice(auth);
  const canDebtor = mayEditDebtorId(auth);
  const withLogin = record?.withLogin ?? false;
  const readOnly = mode === 'delete' || (!!record && !record.editable);
  const title = mode === 'new' ? T.newTitle : mode === 'edit' ? T.editTitle : T.deleteTitle;

  const expertises = useExpertises(!readOnly);
  const offices = useOfficeOptions(canOffice && !readOnly);
  const done = (message: string) => () => {
    toast(message, 'success');
    navigate(LIST);
  };
  const create = useCreateDoctor(done(T.saved));
  const update = useUpdateDoctor(done(T.changed));
  const deactivate = useDeactivateDoctor(done(T.deleted));
  // Reactivated from the deletion page, the doctor opens for editing.
  const reactivation = useReactivateDoctor((d) => {
    if (mode === 'delete') navigate(`/arzt/${d._id}`);
  });

  const initial = useMemo(() => toValues(record), [record]);
  // Deactivating does not check the stored fields: an old record with a gap can still be deactivated.
  const validate = useCallback((v: DoctorValues) => (mode === 'delete' ? [] : validateDoctor({ ...v, withLogin })), [mode, withLogin]);
  const form = useRecordForm({
    initial,
    validate,
    onSubmit: (v) => {
      if (mode === 'delete') return deactivate.mutateAsync({ params: { id: record!._id } });
      const body: DoctorWriteRequest = {
        salutation: v.salutation,
        title: v.title,
        firstname: v.firstname,
        lastname: v.lastname,
        expertise: v.expertise,
        street: v.street,
        postalCode: v.postalCode,
        city: v.city,
        country: v.country,
        preferred: v.preferred as DoctorPreferred,
        email: v.email,
        fax: v.fax,
        // Only what the caller may change (the server refuses the rest with 403).
        ...(canOffice ? { office: v.office } : {}),
        ...(canDebtor ? { debtorId: v.debtorId } : {}),
      };
      return record ? update.mutateAsync({ params: { id: record._id }, body }) : create.mutateAsync({ body });
    },
  });
  const createQuestion = useConfirm({ title: T.createQuestionTitle, children: T.createQuestion, confirmLabel: T.createConfirm, suppressCookie: CREATE_QUESTION_COOKIE });
  const emptyQuestion = useConfirm({ title: T.emptyQuestionTitle, children: T.emptyQuestion, confirmLabel: T.emptyConfirm, suppressCookie: EMPTY_QUESTION_COOKIE });

  const v = form.values;
  if (!v) return null;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    // Messages first; the questions only for a form that could be saved.
    if (mode === 'delete' || form.hasErrors) {
      void form.submit();
      return;
    }
    const unreachable = !v.email.trim() && !v.fax.trim();
    emptyQuestion.ask(() => createQuestion.ask(() => void form.submit(), mode === 'new'), unreachable);
  };

  // Notification types and NONE only for a doctor with login; a stored value stays visible.
  const offered = withLogin ? DOCTOR_PREFERRED : DOCTOR_PREFERRED.filter((p) => DOCTOR_PREFERRED_WITHOUT_LOGIN.includes(p) || p === v.preferred);
  const officeOptions: SelectOption[] = (offices.data?.data ?? []).map((o) => ({ value: o._id, label: o.name }));
  const stored = record?.officeDetails;
  if (stored && !officeOptions.some((o) => o.value === stored._id)) officeOptions.push({ value: stored._id, label: stored.name });
  const ro = { input: { readOnly } };
  const preferredField = form.field('preferred');

  return (
    <>
      <PageHeader title={title} breadcrumbs={[...SECTION_CRUMBS, { label: T.listTitle, to: LIST }, { label: title }]} />
      <DeactivationNotice
        deactivated={!!record?.deactivated}
        deleting={mode === 'delete'}
        warning={T.deleteWarning}
        deactivatedText={T.alreadyDeactivated}
        onReactivate={record?.deletable ? () => reactivation.reactivate(record) : undefined}
        pending={reactivation.pending}
      />
      <FormFrame
        label={title}
        onSubmit={onSubmit}
        cancelTo={LIST}
        saving={form.saving}
        submitLabel={mode === 'delete' ? FORM_TEXTS.delete : FORM_TEXTS.save}
        submitColor={mode === 'delete' ? 'secondary' : 'primary'}
        submitDisabled={mode === 'delete' ? !record?.deletable || record.deactivated : readOnly}
      >
        <FieldGrid>
          <SalutationField value={v.salutation} onChange={(s) => form.set('salutation', s)} readOnly={readOnly} />
          <TextField label={T.title} {...form.field('title')} slotProps={ro} />
          <TextField label={T.firstname} {...form.field('firstname')} slotProps={ro} />
          <TextField label={T.lastname} required {...form.field('lastname')} slotProps={ro} />
          <Autocomplete
            freeSolo
            options={expertises.data?.data ?? []}
            inputValue={v.expertise}
            onInputChange={(_e, value) => form.set('expertise', value)}
            readOnly={readOnly}
            openText={OPTION_SELECT_TEXTS.open}
            closeText={OPTION_SELECT_TEXTS.close}
            clearText={OPTION_SELECT_TEXTS.clear}
            renderInput={(params) => {
              const f = form.field('expertise');
              return <TextField {...params} label={T.expertise} name={f.name} onBlur={f.onBlur} error={f.error} helperText={f.helperText} />;
            }}
          />
          <AddressFields field={form.field} readOnly={readOnly} />
          {canOffice && !readOnly ? (
            <OptionSelect
              label={T.office}
              options={officeOptions}
              value={v.office}
              onChange={(office) => form.set('office', office)}
              error={!!form.errorOf('office')}
              helperText={form.errorOf('office')}
            />
          ) : (
            record?.officeDetails && <TextField label={T.office} value={record.officeDetails.name} slotProps={{ input: { readOnly: true } }} />
          )}
          <TextField
            select
            label={T.preferred}
            required
            {...preferredField}
            helperText={preferredField.helperText ?? (!withLogin && !readOnly ? T.noLoginHint : undefined)}
            slotProps={ro}
          >
            {offered.map((p) => (
              <MenuItem key={p} value={p}>
                {DOCTOR_PREFERRED_LABELS[p]}
              </MenuItem>
            ))}
          </TextField>
          <TextField label={T.email} type="email" {...form.field('email')} slotProps={{ input: { readOnly }, htmlInput: { autoComplete: 'email' } }} />
          <TextField label={T.fax} type="tel" {...form.field('fax')} slotProps={ro} />
          {canDebtor ? (
            <TextField label={T.debtorId} {...form.field('debtorId')} slotProps={ro} />
          ) : (
            v.debtorId && <TextField label={T.debtorId} value={v.debtorId} slotProps={{ input: { readOnly: true } }} />
          )}
        </FieldGrid>
        <AuditInfo record={record} />
      </FormFrame>
      {emptyQuestion.dialog}
      {createQuestion.dialog}
      {reactivation.dialog}
    </>
  );
}
