import { useState } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { DOCTOR_PREFERRED_LABELS, TASK_AMOUNT_MAX, TASK_AMOUNT_MIN, TASK_GROUPS, TASK_TYPE_LABELS, TASK_TYPES, type DoctorRef } from '@mediport/contracts';
import { UI_MESSAGES } from '@mediport/ui';
import { doctorLabel, personName, useDoctorSearch, useSuggestions } from '../api/wizard-api';
import { GROUP_LABELS, WIZARD_TEXTS as T } from '../messages';
import { NEW_DOCTOR_CONTACT_TYPES, type OrderValues } from '../order-form';
import { BoundTextField, FieldColumns } from './wizard-fields';

const AMOUNTS = Array.from({ length: TASK_AMOUNT_MAX - TASK_AMOUNT_MIN + 1 }, (_v, i) => TASK_AMOUNT_MIN + i);
const AUTOCOMPLETE_TEXTS = { openText: 'Öffnen', closeText: 'Schließen', clearText: 'Leeren', loadingText: UI_MESSAGES.loading, noOptionsText: UI_MESSAGES.noSearchResults };

export interface OrderStepProps {
  form: UseFormReturn<OrderValues>;
  /** The message a field shows (rules and server, see useShownErrors). */
  shown: (path: keyof OrderValues | 'patient') => string | undefined;
  clearServerError: (path: string) => void;
  /** A doctor user orders for its own practice: the doctor is fixed. */
  fixedDoctor: DoctorRef | null;
  /** "Neuer Arzt" is offered with doctor_create_view. */
  mayCreateDoctor: boolean;
  /** Whether the caller may list doctors (the picker asks GET /api/doctors). */
  mayListDoctors: boolean;
}

/** Step 3: the order itself, checked by the order rules (libs/validation checkOrder). */
export function OrderStep({ form, shown, clearServerError, fixedDoctor, mayCreateDoctor, mayListDoctors }: OrderStepProps) {
  const { control, setValue } = form;
  const values = useWatch({ control }) as OrderValues;
  const errorProps = (name: keyof OrderValues) => ({ error: !!shown(name), helperText: shown(name) });
  const onChangeOf = (name: keyof OrderValues, onChange: (v: string) => void) => (v: string) => {
    onChange(v);
    clearServerError(name);
  };
  const bound = { control, onEdited: clearServerError } as const;
  const medicine = values.group === 'medicine';

  return (
    <FieldColumns>
      <BoundTextField {...bound} name="group" select id="order-group" label={T.group} message={shown('group')}>
        {TASK_GROUPS.map((g) => (
          <MenuItem key={g} value={g}>
            {GROUP_LABELS[g]}
          </MenuItem>
        ))}
      </BoundTextField>
      <Controller
        name="medicine"
        control={control}
        render={({ field }) => (
          <SuggestField kind="medicine" id="order-medicine" label={T.medicine} required={medicine} value={field.value} onChange={onChangeOf('medicine', field.onChange)} onBlur={field.onBlur} {...errorProps('medicine')} />
        )}
      />
      <Controller
        name="dose"
        control={control}
        render={({ field }) => (
          <SuggestField kind="dosage" id="order-dose" label={T.dose} required={medicine} value={field.value} onChange={onChangeOf('dose', field.onChange)} onBlur={field.onBlur} {...errorProps('dose')} />
        )}
      />
      <BoundTextField {...bound} name="amount" select id="order-amount" label={T.amount} required parse={Number} message={shown('amount')}>
        {/* A stored amount outside 1–100 (an old order) stays visible with its message. */}
        {(AMOUNTS.includes(values.amount) ? AMOUNTS : [values.amount, ...AMOUNTS]).map((n) => (
          <MenuItem key={n} value={n}>
            {n}
          </MenuItem>
        ))}
      </BoundTextField>
      <BoundTextField
        {...bound}
        name="latestDelivery"
        id="order-latestDelivery"
        label={T.latestDelivery}
        placeholder={T.datePlaceholder}
        message={shown('latestDelivery')}
        slotProps={{ htmlInput: { maxLength: 10, autoComplete: 'off', inputMode: 'numeric' } }}
      />
      <BoundTextField {...bound} name="type" select id="order-type" label={T.type} required parse={(v) => (v === '' ? '' : Number(v))} message={shown('type') ?? shown('patient')}>
        {TASK_TYPES.map((t) => (
          <MenuItem key={t} value={t}>
            {TASK_TYPE_LABELS[t]}
          </MenuItem>
        ))}
      </BoundTextField>
      {fixedDoctor ? (
        <TextField id="order-doctor" label={T.doctorFixed} value={personName(fixedDoctor)} margin="normal" slotProps={{ input: { readOnly: true } }} />
      ) : (
        <>
          {!values.newDoctor && mayListDoctors && (
            <DoctorPicker
              value={values.doctor ? { _id: values.doctor, label: values.doctorName } : null}
              onChange={(d) => {
                setValue('doctor', d?._id ?? '', { shouldDirty: true, shouldTouch: true });
                setValue('doctorName', d?.label ?? '', { shouldDirty: true });
                clearServerError('doctor');
              }}
              {...errorProps('doctor')}
            />
          )}
          {mayCreateDoctor && (
            <Box sx={{ display: 'flex', alignItems: 'center', gridColumn: values.newDoctor ? '1 / -1' : undefined }}>
              <Controller
                name="newDoctor"
                control={control}
                render={({ field }) => <FormControlLabel control={<Checkbox checked={field.value} onChange={(e) => (field.onChange(e.target.checked), clearServerError('doctor'))} />} label={T.newDoctor} />}
              />
            </Box>
          )}
          {values.newDoctor && <NewDoctorFields form={form} shown={shown} clearServerError={clearServerError} />}
        </>
      )}
    </FieldColumns>
  );
}

/** First and last name, contact type (E-Mail or Fax) and its value: enough for the pharmacy to reach the practice. */
function NewDoctorFields({ form, shown, clearServerError }: Pick<OrderStepProps, 'form' | 'shown' | 'clearServerError'>) {
  const { control } = form;
  const preferred = useWatch({ control, name: 'preferred' });
  const bound = { control, onEdited: clearServerError, slotProps: { htmlInput: { maxLength: 200, autoComplete: 'off' } } } as const;
  return (
    <>
      <BoundTextField {...bound} name="doctorFirstname" id="order-doctorFirstname" label={T.doctorFirstname} message={shown('doctorFirstname')} />
      <BoundTextField {...bound} name="doctorLastname" id="order-doctorLastname" label={T.doctorLastname} required message={shown('doctorLastname')} />
      <BoundTextField {...bound} name="preferred" select id="order-preferred" label={T.preferred} required message={shown('preferred')}>
        {NEW_DOCTOR_CONTACT_TYPES.map((p) => (
          <MenuItem key={p} value={p}>
            {DOCTOR_PREFERRED_LABELS[p]}
          </MenuItem>
        ))}
      </BoundTextField>
      {preferred && <BoundTextField {...bound} name="contact" id="order-contact" label={preferred === 'Fax' ? T.fax : T.email} required message={shown('contact')} />}
    </>
  );
}

interface SuggestFieldProps {
  kind: 'medicine' | 'dosage';
  id: string;
  label: string;
  required: boolean;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error: boolean;
  helperText: string | undefined;
}

/** Free text with the caller's earlier values as suggestions (medicine and dose are free text with suggestions). */
function SuggestField({ kind, id, label, required, value, onChange, onBlur, error, helperText }: SuggestFieldProps) {
  const [open, setOpen] = useState(false);
  const suggestions = useSuggestions(kind, value, open);
  return (
    <Autocomplete<string, false, false, true>
      freeSolo
      id={id}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      // Suggestions for older text are never offered: Enter keeps the typed text instead.
      options={suggestions.options}
      filterOptions={(options) => options}
      value={value}
      inputValue={value}
      onInputChange={(_e, text) => onChange(text)}
      onChange={(_e, option) => onChange(option ?? '')}
      onBlur={onBlur}
      {...AUTOCOMPLETE_TEXTS}
      renderInput={(params) => (
        <TextField {...params} label={label} required={required} error={error} helperText={helperText} margin="normal" slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, maxLength: 200 } }} />
      )}
    />
  );
}

interface DoctorOption {
  _id: string;
  label: string;
}

/** An existing doctor, searched on the server by name (at most 100 options). */
function DoctorPicker({ value, onChange, error, helperText }: { value: DoctorOption | null; onChange: (d: DoctorOption | null) => void; error: boolean; helperText: string | undefined }) {
  const [text, setText] = useState(value?.label ?? '');
  const [open, setOpen] = useState(false);
  // While the field shows the chosen doctor, the list offers all doctors, not only that name.
  const doctors = useDoctorSearch(value && text === value.label ? '' : text, open);
  // Only doctors found for the text in the field right now (never a late answer for older text).
  const options: DoctorOption[] = doctors.options.map((d) => ({ _id: d._id, label: doctorLabel(d) }));
  // The chosen doctor stays offered while the field shows it, not once other text is typed.
  if (value && text === value.label && !options.some((o) => o._id === value._id)) options.unshift(value);
  return (
    <Autocomplete<DoctorOption>
      id="order-doctor"
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options}
      filterOptions={(o) => o}
      value={value}
      inputValue={text}
      onInputChange={(_e, t) => setText(t)}
      onChange={(_e, d) => onChange(d)}
      getOptionLabel={(o) => o.label}
      getOptionKey={(o) => o._id}
      isOptionEqualToValue={(a, b) => a._id === b._id}
      loading={doctors.pending}
      {...AUTOCOMPLETE_TEXTS}
      noOptionsText={doctors.failed ? T.searchFailed : UI_MESSAGES.noSearchResults}
      renderInput={(params) => <TextField {...params} label={T.doctor} error={error} helperText={helperText} margin="normal" />}
    />
  );
}
