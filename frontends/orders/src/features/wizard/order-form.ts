import { DOCTOR_PREFERRED_WITHOUT_LOGIN, type DoctorPreferred, type DoctorWriteRequest, type PastMedicineDto, type PatientDto, type TaskDto, type TaskGroup, type TaskType, type TaskWriteRequest } from '@mediport/contracts';
import { berlinToday, checkOrder, validateDoctor, type FieldError } from '@mediport/validation';

/** The order form's values; '' for "not chosen". */
export interface OrderValues {
  group: TaskGroup;
  medicine: string;
  dose: string;
  amount: number;
  /** DD.MM.YYYY as typed, '' for none. */
  latestDelivery: string;
  type: TaskType | '';
  /** An existing doctor's id, '' for none. */
  doctor: string;
  /** The doctor picker's text for the chosen doctor (kept so a prefilled doctor shows its name). */
  doctorName: string;
  /** "Neuer Arzt": the doctor is created from the fields below before the order is saved. */
  newDoctor: boolean;
  doctorFirstname: string;
  doctorLastname: string;
  /** Contact type of the new doctor: E-Mail or Fax (a new doctor has no login yet, so the notification types are not offered). */
  preferred: DoctorPreferred | '';
  /** The e-mail address or fax number for `preferred`. */
  contact: string;
}

export const NEW_DOCTOR_CONTACT_TYPES = DOCTOR_PREFERRED_WITHOUT_LOGIN;

/** A new order: group medicine, amount 1, nothing chosen. */
export function emptyOrder(): OrderValues {
  return {
    group: 'medicine',
    medicine: '',
    dose: '',
    amount: 1,
    latestDelivery: '',
    type: '',
    doctor: '',
    doctorName: '',
    newDoctor: false,
    doctorFirstname: '',
    doctorLastname: '',
    preferred: '',
    contact: '',
  };
}

const doctorNameOf = (d: TaskDto['doctorDetails']) => (d ? [d.title, d.firstname, d.lastname].filter(Boolean).join(' ') : '');

/** The form of a stored order: for editing it, or (copy) as the start of a new one. */
export function orderOf(task: TaskDto): OrderValues {
  return {
    ...emptyOrder(),
    group: task.group,
    medicine: task.medicine,
    dose: task.dose,
    amount: task.amount,
    latestDelivery: task.latestDelivery,
    type: task.type,
    doctor: task.doctor ?? '',
    doctorName: doctorNameOf(task.doctorDetails),
  };
}

/** A copy is a new order: the old delivery date does not carry over (it would usually lie in the past). */
export const copyOf = (task: TaskDto): OrderValues => ({ ...orderOf(task), latestDelivery: '' });

/** The fields a choice in the medicine step fills in. */
export type MedicineChoice = Pick<OrderValues, 'medicine' | 'dose' | 'group' | 'type' | 'amount' | 'doctor' | 'doctorName' | 'newDoctor'>;

/** Re-order: what the latest order of that medicine said (medicine, dose, group, type, amount and its doctor). */
export const reorderOf = (m: PastMedicineDto): MedicineChoice => ({
  medicine: m.medicine,
  dose: m.dose,
  group: m.group,
  type: m.type,
  amount: m.amount,
  doctor: m.doctor?._id ?? '',
  doctorName: m.doctor ? [m.doctor.title, m.doctor.firstname, m.doctor.lastname].filter(Boolean).join(' ') : '',
  newDoctor: false,
});

/** The order type a new medicine starts with: the one last used for this patient, else "Auftrag". */
export const DEFAULT_TASK_TYPE: TaskType = 1;

/** A new medicine: empty fields, amount 1, the patient's last order type (or "Auftrag"), no doctor. */
export const newMedicineOf = (lastType: TaskType | undefined): MedicineChoice => ({
  medicine: '',
  dose: '',
  group: 'medicine',
  type: lastType ?? DEFAULT_TASK_TYPE,
  amount: 1,
  doctor: '',
  doctorName: '',
  newDoctor: false,
});

/** Paths of the new doctor's rules (libs/validation) → the wizard's fields. */
const DOCTOR_PATHS: Record<string, keyof OrderValues> = { lastname: 'doctorLastname', firstname: 'doctorFirstname', preferred: 'preferred', email: 'contact', fax: 'contact' };

/** A server or rule path of the doctor → the wizard's field (unknown paths stay as they are). */
export const doctorField = (path: string): string => DOCTOR_PATHS[path] ?? path;

export interface OrderRuleContext {
  patient: Pick<PatientDto, 'homeGroup'> | undefined;
  /** The past-date rule applies to a date being set, not to an old one left unchanged (edit). */
  checkPast: boolean;
  /** The doctor is given by the caller's own practice (a doctor user). */
  doctorFixed: boolean;
}

/** The order rules (the server runs the same `checkOrder`) and, for a new doctor, the doctor rules (`validateDoctor`). */
export function validateOrder(v: OrderValues, ctx: OrderRuleContext): FieldError[] {
  const { errors } = checkOrder(
    {
      type: v.type === '' ? undefined : v.type,
      group: v.group,
      medicine: v.medicine,
      dose: v.dose,
      amount: v.amount,
      latestDelivery: v.latestDelivery,
      doctor: v.newDoctor ? null : v.doctor || null,
      patientHasHomeGroup: ctx.patient ? !!ctx.patient.homeGroup : undefined,
    },
    { today: berlinToday(), checkPast: ctx.checkPast, newDoctorGiven: v.newDoctor || ctx.doctorFixed },
  );
  if (v.newDoctor) {
    const doctor = validateDoctor({ lastname: v.doctorLastname, preferred: v.preferred, ...contactOf(v), withLogin: false });
    errors.push(...doctor.map((e) => ({ path: doctorField(e.path), message: e.message })));
  }
  return errors;
}

const contactOf = (v: OrderValues) => (v.preferred === 'Fax' ? { fax: v.contact.trim() } : { email: v.contact.trim() });

/** Body of POST /api/doctors for the wizard's new doctor. */
export function newDoctorRequest(v: OrderValues): DoctorWriteRequest {
  return { firstname: v.doctorFirstname.trim(), lastname: v.doctorLastname.trim(), preferred: v.preferred || undefined, ...contactOf(v) };
}

/** Body of POST /api/tasks and PUT /api/tasks/{id}. */
export function taskRequest(v: OrderValues, patient: string, doctor: string | null): TaskWriteRequest {
  return {
    patient,
    type: v.type === '' ? undefined : v.type,
    group: v.group,
    medicine: v.medicine.trim(),
    dose: v.dose.trim(),
    amount: v.amount,
    latestDelivery: v.latestDelivery.trim(),
    doctor,
  };
}
