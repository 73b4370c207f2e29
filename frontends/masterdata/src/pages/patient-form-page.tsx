import { useMemo, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import type { PatientDto } from '@mediport/contracts';
import { toast, useAuth, useHasPermission } from '@mediport/api-client';
import { PageHeader, useUnsavedChangesGuard, type Crumb } from '@mediport/ui';
import { AuditInfo, FORM_TEXTS, FormFrame, useConfirm, useRecordForm } from '../shared';
import { DeactivationNotice } from '../shared/deactivation';
import { RecordState } from '../shared/record-state';
import { fixedHomeOf, patientName, useCreatePatient, useDeactivatePatient, useHomeOptions, usePatient, useUpdatePatient, duplicateWarning } from '../features/patients/api/patients-api';
import { PATIENT_CRUMBS, PATIENT_LIST_PATH, PATIENT_TEXTS as T, patientEditPath } from '../features/patients/messages';
import { newPatientValues, patientRequest, patientValues, validatePatientForm } from '../features/patients/patient-form-values';
import { LastOrders } from '../features/patients/components/last-orders';
import { PatientFields } from '../features/patients/components/patient-fields';

export type PatientPageMode = 'new' | 'edit' | 'details' | 'delete';

const TITLES: Record<PatientPageMode, string> = { new: T.newTitle, edit: T.editTitle, details: T.detailsTitle, delete: T.deleteTitle };

/** The breadcrumbs: … › Patienten › {name} (/patienten/details/{id}) › Bearbeiten / Löschen. */
function crumbsOf(mode: PatientPageMode, patient: PatientDto | undefined): Crumb[] {
  const crumbs: Crumb[] = [...PATIENT_CRUMBS];
  if (mode === 'new') return [...crumbs, { label: T.newTitle }];
  if (!patient) return [...crumbs, { label: TITLES[mode] }];
  const name = patientName(patient) || T.formLabel;
  if (mode === 'details') return [...crumbs, { label: name }];
  return [...crumbs, { label: name, to: `/patienten/details/${patient._id}` }, { label: mode === 'edit' ? FORM_TEXTS.edit : FORM_TEXTS.delete }];
}

/**
 * /patient/neu, /patient/{id}, /patient/details/{id} (also /patienten/details/{id}) and
 * /patient/{id}/loeschen: the patient form, its read-only details view and the deactivation
 * confirmation. An unknown or foreign id shows the not-found message.
 */
export function PatientFormPage({ mode }: { mode: PatientPageMode }) {
  const { id } = useParams();
  const patient = usePatient(mode === 'new' ? undefined : id);
  const record = patient.data;
  const editLink =
    mode === 'details' && record?.editable ? (
      <Button variant="contained" component={RouterLink} to={patientEditPath(record._id)}>
        {FORM_TEXTS.edit}
      </Button>
    ) : undefined;
  return (
    <>
      <PageHeader title={TITLES[mode]} breadcrumbs={crumbsOf(mode, record)} actions={editLink} />
      {mode === 'new' ? (
        <PatientEditor />
      ) : (
        <RecordState query={patient}>
          {(p) => (
            <>
              {mode === 'edit' && p.editable ? <PatientEditor key={p._id} patient={p} /> : mode === 'delete' ? <PatientDeletion patient={p} /> : <PatientDetails patient={p} note={mode === 'edit'} />}
              <AuditInfo record={p} />
              <LastOrders patientId={p._id} />
            </>
          )}
        </RecordState>
      )}
    </>
  );
}

/** The homes and living areas for the pickers and names (the caller may not be allowed to list them). */
function useHomes() {
  const canListHomes = useHasPermission('home_list_view');
  return useHomeOptions(canListHomes).data?.data;
}

/** A patient's fields read-only (details view, and the delete confirmation's body). */
function ReadOnlyPatient({ patient }: { patient: PatientDto }) {
  const fixedHome = fixedHomeOf(useAuth(), 'patient_list_view');
  const homes = useHomes();
  const initial = useMemo(() => patientValues(patient), [patient]);
  const form = useRecordForm({ initial, validate: validatePatientForm, onSubmit: async () => undefined });
  if (!form.values) return null;
  return <PatientFields form={form} readOnly fixedHome={fixedHome} homes={homes} record={patient} />;
}

/** Details: read-only (the page header carries the edit link when the caller may edit); a deactivated patient offers "Reaktivieren" where the caller may. */
function PatientDetails({ patient, note }: { patient: PatientDto; note?: boolean }) {
  const reactivate = useUpdatePatient(() => toast(T.reactivated, 'success'));
  return (
    <Paper variant="outlined" component="section" aria-label={T.detailsTitle} sx={{ p: { xs: 2, sm: 3 } }}>
      <DeactivationNotice
        deactivated={patient.deactivated}
        deleting={false}
        warning={T.deleteWarning}
        deactivatedText={T.deactivatedNote}
        onReactivate={patient.deletable ? () => reactivate.mutate({ params: { id: patient._id }, body: { deactivated: false } }) : undefined}
        pending={reactivate.isPending}
      />
      {note && !patient.deactivated && <Alert severity="info">{T.notEditable}</Alert>}
      <ReadOnlyPatient patient={patient} />
      <Box sx={{ display: 'flex', gap: 1, mt: 3, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
        <Button component={RouterLink} to={PATIENT_LIST_PATH}>
          {FORM_TEXTS.back}
        </Button>
      </Box>
    </Paper>
  );
}

/** /patient/{id}/loeschen: the form read-only as the question; "Löschen" deactivates, a deactivated patient is offered "Reaktivieren". */
function PatientDeletion({ patient }: { patient: PatientDto }) {
  const navigate = useNavigate();
  const done = (message: string) => () => {
    toast(message, 'success');
    navigate(PATIENT_LIST_PATH);
  };
  const deactivate = useDeactivatePatient(done(T.deleted));
  const reactivate = useUpdatePatient(done(T.reactivated));
  const busy = deactivate.isPending || reactivate.isPending;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const params = { id: patient._id };
    if (patient.deactivated) reactivate.mutate({ params, body: { deactivated: false } });
    else deactivate.mutate({ params });
  };
  return (
    <FormFrame
      label={T.deleteTitle}
      onSubmit={onSubmit}
      cancelTo={PATIENT_LIST_PATH}
      saving={busy}
      submitLabel={patient.deactivated ? FORM_TEXTS.reactivate : FORM_TEXTS.delete}
      submitColor={patient.deactivated ? 'primary' : 'secondary'}
      submitDisabled={!patient.deletable}
    >
      <DeactivationNotice deactivated={patient.deactivated} deleting warning={T.deleteWarning} deactivatedText={T.deactivatedNote} />
      <ReadOnlyPatient patient={patient} />
    </FormFrame>
  );
}

/**
 * New and edit form: the patient rules (libs/validation) at the fields, the duplicate question before saving
 * (non-blocking: "Trotzdem speichern"), then the toast and back to /patienten.
 */
function PatientEditor({ patient }: { patient?: PatientDto }) {
  const navigate = useNavigate();
  const fixedHome = fixedHomeOf(useAuth(), patient ? 'patient_edit_view' : 'patient_create_view');
  const fixedHomeId = fixedHome?._id ?? null;
  const homes = useHomes();
  const done = (message: string) => () => {
    toast(message, 'success');
    guard.leave(() => navigate(PATIENT_LIST_PATH));
  };
  const create = useCreatePatient(done(T.saved));
  const update = useUpdatePatient(done(T.changed));
  // The form starts once from the record (or a new patient, a home user's with its own home).
  const [initial] = useState(() => (patient ? patientValues(patient) : newPatientValues(fixedHomeId)));

  const form = useRecordForm({
    initial,
    validate: validatePatientForm,
    onSubmit: async (values) => {
      const body = patientRequest(values, fixedHomeId);
      if (patient) await update.mutateAsync({ params: { id: patient._id }, body });
      else await create.mutateAsync({ body });
    },
  });
  const guard = useUnsavedChangesGuard(form.dirty);

  const [warning, setWarning] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const duplicate = useConfirm({ title: T.duplicateTitle, children: warning, confirmLabel: T.duplicateConfirm });

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const values = form.values;
    if (checking) return;
    if (!values || form.hasErrors) return void form.submit();
    // An edit asks again only when name or birth date changed (a known duplicate stays editable).
    const identityChanged = !patient || (['firstname', 'lastname', 'dateOfBirth'] as const).some((k) => values[k].trim() !== patient[k]);
    setChecking(true);
    const message = identityChanged ? await duplicateWarning(values, patient?._id) : null;
    setChecking(false);
    setWarning(message);
    duplicate.ask(() => void form.submit(), message !== null);
  };

  if (!form.values) return null;
  return (
    <>
      <FormFrame label={patient ? T.editTitle : T.newTitle} onSubmit={(e) => void onSubmit(e)} cancelTo={PATIENT_LIST_PATH} saving={form.saving || checking}>
        <PatientFields form={form} fixedHome={fixedHome} homes={homes} record={patient} />
      </FormFrame>
      {duplicate.dialog}
      {guard.dialog}
    </>
  );
}
