import { useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { PatientDto } from '@mediport/contracts';
import { ApiError, handleApiError, toast, useAuth, useHasPermission } from '@mediport/api-client';
import { validatePatient } from '@mediport/validation';
import { UI_MESSAGES } from '@mediport/ui';
import { duplicateWarning, fixedHomeOf, patientLabel, usePatientSearch, useCreatePatient, useHomeOptions } from '../api/wizard-api';
import { WIZARD_TEXTS as T } from '../messages';
import { BoundTextField, FieldColumns, useShownErrors } from './wizard-fields';

/**
 * Step 1: find an existing patient (choosing one advances at once) or, with
 * patient_create_view, create one here: first and last name, birth date, and the home when the
 * caller may list homes (a home user's own home is fixed).
 */
export function PatientStep({ onChoose }: { onChoose: (patient: PatientDto) => void }) {
  const mayCreate = useHasPermission('patient_create_view');
  const [creating, setCreating] = useState(false);
  return (
    <Box>
      <PatientSearch onChoose={onChoose} />
      {mayCreate && (
        <>
          <Divider sx={{ my: 2 }} />
          {creating ? (
            <NewPatientForm onCreated={onChoose} onCancel={() => setCreating(false)} />
          ) : (
            <Button variant="outlined" onClick={() => setCreating(true)}>
              {T.newPatient}
            </Button>
          )}
        </>
      )}
    </Box>
  );
}

function PatientSearch({ onChoose }: { onChoose: (patient: PatientDto) => void }) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  // Only patients found for the text in the field right now are offered: Enter never picks a stale row.
  const patients = usePatientSearch(text, open);
  return (
    <Autocomplete<PatientDto>
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={patients.options}
      value={null}
      inputValue={text}
      onInputChange={(_e, value, reason) => reason !== 'reset' && setText(value)}
      onChange={(_e, patient) => patient && onChoose(patient)}
      filterOptions={(options) => options}
      getOptionLabel={patientLabel}
      getOptionKey={(p) => p._id}
      renderOption={({ key, ...props }, p) => (
        <li key={key} {...props}>
          <Box sx={{ minWidth: 0 }}>
            <Box sx={{ overflowWrap: 'anywhere' }}>{patientLabel(p)}</Box>
            {p.homeDetails && (
              <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
                {[p.homeDetails.name, p.homeGroupDetails?.name].filter(Boolean).join(' · ')}
              </Typography>
            )}
          </Box>
        </li>
      )}
      loading={patients.pending}
      loadingText={UI_MESSAGES.loading}
      noOptionsText={patients.failed ? T.searchFailed : UI_MESSAGES.noSearchResults}
      openText="Öffnen"
      closeText="Schließen"
      renderInput={(params) => <TextField {...params} label={T.patientSearch} helperText={T.patientSearchHint} margin="normal" />}
    />
  );
}

/** The chosen patient, large enough to notice a wrong choice: name, birth date, home and living area, with the way back. */
export function ChosenPatient({ patient, onChange }: { patient: PatientDto; onChange?: () => void }) {
  const name = [patient.title, patient.firstname, patient.lastname].filter(Boolean).join(' ');
  return (
    <Box
      role="region"
      aria-label={T.chosenPatient}
      sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2, p: 1.5, border: 1, borderColor: 'primary.main', borderRadius: 1, bgcolor: 'action.hover' }}
    >
      <Box sx={{ flex: '1 1 14rem', minWidth: 0 }}>
        <Typography variant="overline" color="textSecondary" component="p" sx={{ lineHeight: 1.5 }}>
          {T.patient}
        </Typography>
        <Typography variant="h6" component="p" sx={{ overflowWrap: 'anywhere', lineHeight: 1.3 }}>
          {name}
        </Typography>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {[T.bornOn(patient.dateOfBirth), patient.homeDetails?.name, patient.homeGroupDetails?.name].filter(Boolean).join(' · ')}
        </Typography>
      </Box>
      {onChange && (
        <Button variant="outlined" onClick={onChange} sx={{ minHeight: 44 }}>
          {T.changePatient}
        </Button>
      )}
    </Box>
  );
}

interface NewPatientValues {
  firstname: string;
  lastname: string;
  dateOfBirth: string;
  home: string;
  homeGroup: string;
}

/** The new patient inside the wizard; the duplicate warning of the patients API asks before creating (non-blocking). */
function NewPatientForm({ onCreated, onCancel }: { onCreated: (patient: PatientDto) => void; onCancel: () => void }) {
  const auth = useAuth();
  const fixedHome = fixedHomeOf(auth);
  // A new patient needs a home if the user may list homes.
  const canListHomes = useHasPermission('home_list_view');
  const chooseHome = !fixedHome && canListHomes;
  const homes = useHomeOptions(chooseHome || !!fixedHome).data?.data ?? [];
  const { control, formState, getValues, setValue } = useForm<NewPatientValues>({
    defaultValues: { firstname: '', lastname: '', dateOfBirth: '', home: fixedHome?._id ?? '', homeGroup: '' },
  });
  const values = useWatch({ control }) as NewPatientValues;
  const rules = validatePatient({ lastname: values.lastname, dateOfBirth: values.dateOfBirth, homepatient: chooseHome, home: values.home });
  const { shown, submitted, setSubmitted, setServerErrors, clearServerError } = useShownErrors(rules, formState);
  const create = useCreatePatient();
  const [warning, setWarning] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const groups = homes.find((h) => h._id === values.home)?.homeGroups ?? [];

  // A second click (the warning's button stays clickable while its dialog fades out) saves nothing twice.
  const saving = useRef(false);
  const save = async () => {
    if (saving.current) return;
    saving.current = true;
    setWarning(null);
    setBusy(true);
    try {
      const v = getValues();
      const patient = await create.mutateAsync({
        body: { firstname: v.firstname.trim(), lastname: v.lastname.trim(), dateOfBirth: v.dateOfBirth.trim(), homepatient: !!v.home, home: v.home, homeGroup: v.homeGroup },
      });
      toast(T.patientSaved, 'success');
      onCreated(patient);
    } catch (error) {
      if (error instanceof ApiError) setServerErrors(error.fieldErrors());
      else handleApiError(error);
    } finally {
      saving.current = false;
      setBusy(false);
    }
  };

  const submit = async () => {
    setSubmitted(true);
    if (rules.length > 0 || busy) return;
    setBusy(true);
    const message = await duplicateWarning(getValues());
    setBusy(false);
    if (message) setWarning(message);
    else await save();
  };

  const bound = { control, onEdited: clearServerError, slotProps: { htmlInput: { autoComplete: 'off', maxLength: 200 } } } as const;

  return (
    <Box component="form" noValidate aria-label={T.newPatient} onSubmit={(e) => (e.preventDefault(), void submit())}>
      <Typography variant="h2" component="h2">
        {T.newPatient}
      </Typography>
      <FieldColumns>
        <BoundTextField {...bound} name="firstname" id="patient-firstname" label={T.firstname} message={shown('firstname')} />
        <BoundTextField {...bound} name="lastname" id="patient-lastname" label={T.lastname} required message={shown('lastname')} />
        <BoundTextField
          {...bound}
          name="dateOfBirth"
          id="patient-dateOfBirth"
          label={T.dateOfBirth}
          required
          placeholder={T.datePlaceholder}
          message={shown('dateOfBirth')}
          slotProps={{ htmlInput: { autoComplete: 'off', maxLength: 10 } }}
        />
        {fixedHome ? (
          <TextField label={T.home} value={fixedHome.name} margin="normal" slotProps={{ input: { readOnly: true } }} />
        ) : (
          chooseHome && (
            <BoundTextField
              control={control}
              name="home"
              select
              id="patient-home"
              label={T.home}
              required
              message={shown('home')}
              onEdited={(name) => {
                clearServerError(name);
                setValue('homeGroup', '');
              }}
            >
              {homes.map((h) => (
                <MenuItem key={h._id} value={h._id}>
                  {h.name}
                </MenuItem>
              ))}
            </BoundTextField>
          )
        )}
        {values.home && (
          <BoundTextField
            control={control}
            name="homeGroup"
            select
            id="patient-homeGroup"
            label={T.homeGroup}
            message={shown('homeGroup')}
            onEdited={clearServerError}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{T.noHomeGroup}</MenuItem>
            {groups.map((g) => (
              <MenuItem key={g._id} value={g._id}>
                {g.name}
              </MenuItem>
            ))}
          </BoundTextField>
        )}
      </FieldColumns>
      <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
        <Button onClick={onCancel}>{T.cancel}</Button>
        <Button type="submit" variant="contained" disabled={busy || (submitted && rules.length > 0)}>
          {T.createPatient}
        </Button>
      </Box>
      <Dialog open={warning !== null} onClose={() => setWarning(null)} aria-labelledby="patient-duplicate-title">
        <DialogTitle id="patient-duplicate-title">{T.duplicateTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText>{warning}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setWarning(null)}>{T.cancel}</Button>
          <Button variant="contained" onClick={() => void save()} disabled={busy} autoFocus>
            {T.duplicateConfirm}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
