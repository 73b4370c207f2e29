import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import type { PastMedicineDto, PatientDto, TaskDto } from '@mediport/contracts';
import { ApiError, handleApiError, toast, useAuth, useHasPermission } from '@mediport/api-client';
import { ErrorPanel, LoadingState, PageHeader, useUnsavedChangesGuard } from '@mediport/ui';
import { fixedDoctorOf, useCreateDoctor, useCreateTask, usePatient, useTask, useUpdateTask } from '../features/wizard/api/wizard-api';
import { CREATED_PARAM, ORDERS_LIST_PATH, WIZARD_CRUMBS, WIZARD_TEXTS as T, patientOrdersPath } from '../features/wizard/messages';
import { copyOf, doctorField, emptyOrder, newDoctorRequest, newMedicineOf, orderOf, reorderOf, taskRequest, validateOrder, type MedicineChoice, type OrderValues } from '../features/wizard/order-form';
import { MedicineStep } from '../features/wizard/components/medicine-step';
import { OrderStep } from '../features/wizard/components/order-step';
import { ChosenPatient, PatientStep } from '../features/wizard/components/patient-step';
import { useShownErrors } from '../features/wizard/components/wizard-fields';

/** new: /v3/anforderung/neu, /anforderung/neu/{patientId}; copy: /v3/anforderung/neu/{taskId}, /anforderung/neu/{patientId}/{copyTaskId}; edit: /v3/anforderungen/bearbeiten/{editId}, /anforderung/edit/{patientId}/{taskId}. */
export type WizardMode = 'new' | 'copy' | 'edit';

const TITLES: Record<WizardMode, string> = { new: T.newTitle, copy: T.copyTitle, edit: T.editTitle };

const PATIENT_STEP = 0;
const MEDICINE_STEP = 1;
const ORDER_STEP = 2;

/** The order wizard: patient → medicine → order. */
export function OrderWizardPage({ mode }: { mode: WizardMode }) {
  const params = useParams();
  const sourceId = mode === 'copy' ? (params.taskId ?? params.copyTaskId) : mode === 'edit' ? (params.editId ?? params.taskId) : undefined;
  const task = useTask(sourceId);
  const title = TITLES[mode];
  let body;
  if (!sourceId) body = <Wizard mode={mode} presetPatientId={params.patientId} />;
  else if (task.isPending) body = <LoadingState />;
  else if (task.isError) body = <ErrorPanel message={T.notFound} />;
  else body = <Wizard key={sourceId} mode={mode} task={task.data} />;
  return (
    <>
      <PageHeader title={title} breadcrumbs={[...WIZARD_CRUMBS, { label: title }]} />
      {body}
    </>
  );
}

function Wizard({ mode, task, presetPatientId }: { mode: WizardMode; task?: TaskDto; presetPatientId?: string }) {
  const navigate = useNavigate();
  const fixedDoctor = fixedDoctorOf(useAuth());
  const mayCreateDoctor = useHasPermission('doctor_create_view');
  const mayListDoctors = useHasPermission('doctor_list_view');

  // The patient: chosen in step 1, or given by the order (copy, edit) or the URL.
  const [picked, setPicked] = useState<PatientDto | null>(null);
  const patientId = picked?._id ?? task?.patient ?? presetPatientId;
  const loaded = usePatient(picked ? undefined : patientId);
  const patient = picked ?? loaded.data;

  // Editing starts at step 2; a known patient skips step 1; a copy is ready to save.
  const [step, setStep] = useState(mode === 'copy' ? ORDER_STEP : patientId ? MEDICINE_STEP : PATIENT_STEP);
  const [initial] = useState<OrderValues>(() => (!task ? emptyOrder() : mode === 'edit' ? orderOf(task) : copyOf(task)));
  const form = useForm<OrderValues>({ defaultValues: initial });
  const values = useWatch({ control: form.control }) as OrderValues;
  const rules = validateOrder(values, { patient, checkPast: mode !== 'edit' || values.latestDelivery.trim() !== initial.latestDelivery, doctorFixed: !!fixedDoctor });
  const errors = useShownErrors(rules, form.formState, { patient: 'type' });
  const guard = useUnsavedChangesGuard(form.formState.isDirty);

  const createDoctor = useCreateDoctor();
  const createTask = useCreateTask();
  const updateTask = useUpdateTask();
  // A doctor created for an order whose save then failed is not created twice.
  const [createdDoctor, setCreatedDoctor] = useState<{ key: string; id: string } | null>(null);
  const [saving, setSaving] = useState(false);

  const choosePatient = (p: PatientDto) => {
    setPicked(p);
    errors.clearServerError('patient');
    setStep(MEDICINE_STEP);
  };
  const chooseMedicine = (m: MedicineChoice) => {
    for (const [k, v] of Object.entries(m) as [keyof MedicineChoice, never][]) form.setValue(k, v, { shouldDirty: true });
    setStep(ORDER_STEP);
  };

  const doctorOf = async (v: OrderValues): Promise<string | null> => {
    if (fixedDoctor) return fixedDoctor._id;
    if (!v.newDoctor) return v.doctor || null;
    const body = newDoctorRequest(v);
    const key = JSON.stringify(body);
    if (createdDoctor?.key === key) return createdDoctor.id;
    const doctor = await createDoctor.mutateAsync({ body }).catch((error: unknown) => {
      // The doctor's rules name its own fields (lastname, fax …): show them at the wizard's.
      if (error instanceof ApiError) throw new ApiError(error.status, { errors: error.errors.map((e) => ({ ...e, path: e.path && doctorField(e.path) })) });
      throw error;
    });
    setCreatedDoctor({ key, id: doctor._id });
    return doctor._id;
  };

  const save = async (then: 'list' | 'patient') => {
    errors.setSubmitted(true);
    if (rules.length > 0 || saving || !patient) return;
    setSaving(true);
    try {
      const v = form.getValues();
      const body = taskRequest(v, patient._id, await doctorOf(v));
      const saved = mode === 'edit' && task ? await updateTask.mutateAsync({ params: { id: task._id }, body }) : await createTask.mutateAsync({ body });
      toast(mode === 'edit' ? T.updated : T.created, 'success');
      // The list opens with the saved order in sight (pinned and marked), wherever its date sorts it.
      const target = then === 'list' ? ORDERS_LIST_PATH : patientOrdersPath(patient._id);
      guard.leave(() => navigate(mode === 'edit' ? target : `${target}?${CREATED_PARAM}=${encodeURIComponent(saved._id)}`));
    } catch (error) {
      if (error instanceof ApiError) errors.setServerErrors(error.fieldErrors());
      else handleApiError(error);
    } finally {
      setSaving(false);
    }
  };

  // Earlier steps can be opened again; in an edit the patient stays.
  const canOpen = (i: number) => i < step && !(mode === 'edit' && i === PATIENT_STEP);
  const patientError = errors.shown('patient');
  const currentMedicine = [values.medicine, values.dose].filter(Boolean).join(', ');

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      {/* Labels under the step icons: the three steps fit a 390 px phone. */}
      <Stepper activeStep={step} nonLinear alternativeLabel sx={{ mb: 3 }}>
        {T.steps.map((label, i) => (
          <Step key={label} completed={i < step}>
            {canOpen(i) ? <StepButton onClick={() => setStep(i)}>{label}</StepButton> : <StepLabel>{label}</StepLabel>}
          </Step>
        ))}
      </Stepper>

      {step > PATIENT_STEP && patientId && !patient && (loaded.isError ? <ErrorPanel message={T.notFound} /> : <LoadingState />)}
      {step > PATIENT_STEP && patient && <ChosenPatient patient={patient} onChange={mode === 'edit' ? undefined : () => setStep(PATIENT_STEP)} />}
      {patientError && values.type !== 3 && step === ORDER_STEP && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {patientError}
        </Alert>
      )}

      {step === PATIENT_STEP && <PatientStep onChoose={choosePatient} />}
      {step === MEDICINE_STEP && patient && (
        <MedicineStep
          patientId={patient._id}
          onReorder={(m: PastMedicineDto) => chooseMedicine(reorderOf(m))}
          onNew={(lastType) => chooseMedicine(newMedicineOf(lastType))}
          onKeep={task ? () => setStep(ORDER_STEP) : undefined}
          current={task ? currentMedicine : undefined}
        />
      )}
      {step === ORDER_STEP && patient && (
        <Box component="form" noValidate aria-label={TITLES[mode]} onSubmit={(e) => (e.preventDefault(), void save('list'))}>
          <OrderStep
            form={form}
            shown={(path) => (path === 'patient' ? (values.type === 3 ? patientError : undefined) : errors.shown(path))}
            clearServerError={errors.clearServerError}
            fixedDoctor={fixedDoctor}
            mayCreateDoctor={mayCreateDoctor}
            mayListDoctors={mayListDoctors}
          />
          <Box sx={{ display: 'flex', gap: 1, mt: 3, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
            <Button onClick={() => setStep(MEDICINE_STEP)} sx={{ mr: 'auto' }}>
              {T.back}
            </Button>
            <Button component={RouterLink} to={ORDERS_LIST_PATH}>
              {T.cancel}
            </Button>
            <Button variant="outlined" disabled={saving || (errors.submitted && rules.length > 0)} onClick={() => void save('patient')}>
              {T.saveAndNew}
            </Button>
            <Button type="submit" variant="contained" disabled={saving || (errors.submitted && rules.length > 0)}>
              {T.save}
            </Button>
          </Box>
        </Box>
      )}
      {guard.dialog}
    </Paper>
  );
}
