import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { HomeDto, HomeRef, PatientDto } from '@mediport/contracts';
import { AddressFields, FieldGrid, SalutationField, type useRecordForm } from '../../../shared';
import { OptionSelect } from '../../../shared/option-select';
import { PATIENT_TEXTS as T } from '../messages';
import type { PatientFormValues } from '../patient-form-values';

export type PatientForm = ReturnType<typeof useRecordForm<PatientFormValues>>;

export interface PatientFieldsProps {
  form: PatientForm;
  /** Details and delete confirmation: every field read-only. */
  readOnly?: boolean;
  /** A home user's own home: no home-patient checkbox, the home shown and not changeable. */
  fixedHome: HomeRef | null;
  /** The homes with their living areas (undefined while loading or without the right to list homes). */
  homes: HomeDto[] | undefined;
  /** The stored patient: names of its home and living area when the lookup lacks them. */
  record?: PatientDto;
}

/** The fields of the patient form, editable or read-only. */
export function PatientFields({ form, readOnly = false, fixedHome, homes, record }: PatientFieldsProps) {
  const v = form.values!;
  const ro = { input: { readOnly } };

  const homeOptions = (homes ?? []).map((h) => ({ value: h._id, label: h.name }));
  if (record?.homeDetails && !homeOptions.some((o) => o.value === record.homeDetails!._id)) homeOptions.push({ value: record.homeDetails._id, label: record.homeDetails.name });
  const homeName = homeOptions.find((o) => o.value === v.home)?.label ?? (fixedHome?._id === v.home ? fixedHome.name : '');

  const groups = homes?.find((h) => h._id === v.home)?.homeGroups ?? [];
  const groupOptions = groups.map((g) => ({ value: g._id, label: g.name }));
  const storedGroup = record?.homeGroupDetails;
  if (storedGroup && storedGroup.home === v.home && !groupOptions.some((o) => o.value === storedGroup._id)) groupOptions.push({ value: storedGroup._id, label: storedGroup.name });

  const setHomepatient = (on: boolean) => {
    form.set('homepatient', on);
    if (!on) {
      // Unticking "Heimpatient" clears home and living area.
      form.set('home', '');
      form.set('homeGroup', '');
    }
  };
  const homeField = form.field('home');

  return (
    <>
      <FieldGrid>
        <SalutationField value={v.salutation} onChange={(s) => form.set('salutation', s)} readOnly={readOnly} />
        <TextField label={T.title} {...form.field('title')} slotProps={ro} />
        <TextField label={T.firstname} {...form.field('firstname')} slotProps={ro} />
        <TextField label={T.lastname} required={!readOnly} {...form.field('lastname')} slotProps={ro} />
        <TextField
          label={T.dateOfBirth}
          required={!readOnly}
          placeholder={T.datePlaceholder}
          {...form.field('dateOfBirth')}
          slotProps={{ ...ro, htmlInput: { maxLength: 10, autoComplete: 'off' } }}
        />
        <Box aria-hidden sx={{ display: { xs: 'none', sm: 'block' } }} />
        <AddressFields field={form.field} readOnly={readOnly} />
      </FieldGrid>

      {!fixedHome && (
        <FormControlLabel
          control={<Checkbox checked={v.homepatient} disabled={readOnly} onChange={(e) => setHomepatient(e.target.checked)} />}
          label={T.homepatient}
        />
      )}

      {(v.homepatient || fixedHome) && (
        <FieldGrid>
          {readOnly || fixedHome ? (
            <TextField label={T.home} id={homeField.id} value={homeName} slotProps={{ input: { readOnly: true } }} />
          ) : (
            <OptionSelect
              id={homeField.id}
              label={T.home}
              required
              options={homeOptions}
              value={v.home}
              onChange={(home) => {
                form.set('home', home);
                form.set('homeGroup', '');
              }}
              onBlur={homeField.onBlur}
              error={homeField.error}
              helperText={homeField.helperText}
            />
          )}
          {readOnly ? (
            <TextField label={T.homeGroup} id="field-homeGroup" value={groupOptions.find((o) => o.value === v.homeGroup)?.label ?? ''} slotProps={{ input: { readOnly: true } }} />
          ) : (
            <TextField
              select
              label={T.homeGroup}
              {...form.field('homeGroup')}
              disabled={!v.home}
              helperText={form.errorOf('homeGroup') ?? (v.home ? undefined : T.chooseHomeFirst)}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value="">{T.noHomeGroup}</MenuItem>
              {groupOptions.map((g) => (
                <MenuItem key={g.value} value={g.value}>
                  {g.label}
                </MenuItem>
              ))}
            </TextField>
          )}
        </FieldGrid>
      )}

      <Box>
        <FormControlLabel control={<Checkbox checked={v.deceased} disabled={readOnly} onChange={(e) => form.set('deceased', e.target.checked)} />} label={T.deceased} />
      </Box>
    </>
  );
}
