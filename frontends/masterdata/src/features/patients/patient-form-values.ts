import type { PatientDto, PatientWriteRequest, PersonSalutation } from '@mediport/contracts';
import { validatePatient, type FieldError } from '@mediport/validation';

/** Default country of a patient. */
export const DEFAULT_COUNTRY = 'Deutschland';

/** The patient form's values; '' for no home / living area. */
export interface PatientFormValues {
  salutation: PersonSalutation;
  title: string;
  firstname: string;
  lastname: string;
  /** DD.MM.YYYY as typed. */
  dateOfBirth: string;
  street: string;
  postalCode: string;
  city: string;
  country: string;
  homepatient: boolean;
  home: string;
  homeGroup: string;
  deceased: boolean;
}

/** A new patient: country Deutschland; a home user's patient is a home patient of its home. */
export function newPatientValues(fixedHome: string | null): PatientFormValues {
  return {
    salutation: '',
    title: '',
    firstname: '',
    lastname: '',
    dateOfBirth: '',
    street: '',
    postalCode: '',
    city: '',
    country: DEFAULT_COUNTRY,
    homepatient: fixedHome !== null,
    home: fixedHome ?? '',
    homeGroup: '',
    deceased: false,
  };
}

export function patientValues(p: PatientDto): PatientFormValues {
  return {
    salutation: p.salutation,
    title: p.title,
    firstname: p.firstname,
    lastname: p.lastname,
    dateOfBirth: p.dateOfBirth,
    street: p.street,
    postalCode: p.postalCode,
    city: p.city,
    country: p.country,
    homepatient: p.homepatient,
    home: p.home ?? '',
    homeGroup: p.homeGroup ?? '',
    deceased: p.deceased,
  };
}

/** The patient rules of libs/validation (the server runs the same ones). */
export const validatePatientForm = (v: PatientFormValues): FieldError[] => validatePatient(v);

/** Body of POST/PUT /api/patients: '' clears home and living area; a home user's home is always its own. */
export function patientRequest(v: PatientFormValues, fixedHome: string | null): PatientWriteRequest {
  const homepatient = fixedHome !== null || v.homepatient;
  const home = fixedHome ?? (homepatient ? v.home : '');
  return {
    salutation: v.salutation,
    title: v.title.trim(),
    firstname: v.firstname.trim(),
    lastname: v.lastname.trim(),
    dateOfBirth: v.dateOfBirth.trim(),
    street: v.street.trim(),
    postalCode: v.postalCode.trim(),
    city: v.city.trim(),
    country: v.country.trim(),
    homepatient,
    home,
    homeGroup: homepatient ? v.homeGroup : '',
    deceased: v.deceased,
  };
}
