/** The order form's own rules, shared by the server and the wizard. */
import { DOCTOR_TASK_TYPES, TASK_AMOUNT_MAX, TASK_AMOUNT_MIN, TASK_MESSAGES, type TaskGroup, type TaskType } from '@mediport/contracts';
import { parseGermanDate } from './masterdata-rules.js';
import type { FieldError } from './user-rules.js';

export interface OrderFormInput {
  type: TaskType | undefined;
  group: TaskGroup;
  medicine: string;
  dose: string;
  amount: number;
  /** DD.MM.YYYY or '' for none. */
  latestDelivery: string;
  /** A doctor id, or null (the wizard's "new doctor" is checked where it is entered). */
  doctor: string | null;
  /** Whether the patient has a living area (type 3); undefined when not known yet. */
  patientHasHomeGroup?: boolean;
}

export interface OrderRuleOptions {
  /** Today as YYYY-MM-DD (Berlin). */
  today: string;
  /** The past-date rule applies to a date being set, not to an old one left unchanged. */
  checkPast: boolean;
  /** Whether the doctor rule counts a new doctor entered in the form as given. */
  newDoctorGiven?: boolean;
}

/**
 * Everything about an order that needs no database: type, medicine and dose for group medicine,
 * amount 1–100, latestDelivery format and not in the past, a doctor for types 1 and 4, a living
 * area for type 3. Answers the errors and latestDelivery as YYYY-MM-DD (or null).
 */
export function checkOrder(input: OrderFormInput, options: OrderRuleOptions): { errors: FieldError[]; latestDelivery: string | null } {
  const errors: FieldError[] = [];
  if (input.type === undefined) errors.push({ path: 'type', message: TASK_MESSAGES.type });
  if (input.group === 'medicine') {
    if (!input.medicine.trim()) errors.push({ path: 'medicine', message: TASK_MESSAGES.medicineRequired });
    if (!input.dose.trim()) errors.push({ path: 'dose', message: TASK_MESSAGES.doseRequired });
  }
  if (!Number.isInteger(input.amount) || input.amount < TASK_AMOUNT_MIN || input.amount > TASK_AMOUNT_MAX) {
    errors.push({ path: 'amount', message: TASK_MESSAGES.amount });
  }
  let latestDelivery: string | null = null;
  const date = input.latestDelivery.trim();
  if (date) {
    latestDelivery = parseGermanDate(date);
    if (!latestDelivery) errors.push({ path: 'latestDelivery', message: TASK_MESSAGES.latestDeliveryFormat });
    else if (options.checkPast && latestDelivery < options.today) errors.push({ path: 'latestDelivery', message: TASK_MESSAGES.latestDeliveryPast });
  }
  if (!input.doctor && !options.newDoctorGiven && input.type !== undefined && DOCTOR_TASK_TYPES.includes(input.type)) {
    errors.push({ path: 'doctor', message: TASK_MESSAGES.doctorRequired });
  }
  if (input.type === 3 && input.patientHasHomeGroup === false) errors.push({ path: 'patient', message: TASK_MESSAGES.homeGroupRequired });
  return { errors, latestDelivery };
}
