import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { PERSON_SALUTATIONS, SALUTATION_LABELS, type PersonSalutation } from '@mediport/contracts';
import type { FieldProps } from './record-form';

export const ADDRESS_LABELS = { street: 'Straße', postalCode: 'PLZ', city: 'Ort', country: 'Land' } as const;

/** Street, postal code, city and country of a patient, doctor or home (postal code: digits, at most 5). */
export function AddressFields({ field, readOnly, names = {} }: {
  field: (name: never) => FieldProps;
  readOnly?: boolean;
  /** Field names when they differ (the practice calls its postal code `zip` and has no country). */
  names?: Partial<Record<keyof typeof ADDRESS_LABELS, string | null>>;
}) {
  const bind = field as unknown as (name: string) => FieldProps;
  const keys = (Object.keys(ADDRESS_LABELS) as (keyof typeof ADDRESS_LABELS)[]).filter((k) => names[k] !== null);
  return (
    <>
      {keys.map((k) => (
        <TextField
          key={k}
          label={ADDRESS_LABELS[k]}
          {...bind(names[k] ?? k)}
          slotProps={{ input: { readOnly }, htmlInput: k === 'postalCode' ? { inputMode: 'numeric', maxLength: 5, autoComplete: 'postal-code' } : undefined }}
        />
      ))}
    </>
  );
}

/** Anrede: Nicht angegeben, Herr, Frau. */
export function SalutationField({ value, onChange, readOnly }: { value: PersonSalutation; onChange: (v: PersonSalutation) => void; readOnly?: boolean }) {
  return (
    <TextField
      select
      label="Anrede"
      value={value}
      onChange={(e) => onChange(e.target.value as PersonSalutation)}
      slotProps={{ input: { readOnly }, select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      {PERSON_SALUTATIONS.map((s) => (
        <MenuItem key={s || 'none'} value={s}>
          {SALUTATION_LABELS[s]}
        </MenuItem>
      ))}
    </TextField>
  );
}
