import { meetingPolicy } from './meeting.policy.js';
import { doctorOfficePolicy, doctorPolicy, homeGroupPolicy, homePolicy } from './masterdata.policy.js';
import { patientPolicy } from './patient.policy.js';
import { taskPolicy } from './task.policy.js';
import { documentPolicy } from './document.policy.js';
import { userPolicy } from './user.policy.js';
import { contractPolicy } from './contract.policy.js';
import { backupPolicy } from './backup.policy.js';
import { invoicePolicy } from './invoice.policy.js';
export * from './condition.js';
export * from './policy.js';
export * from './user.policy.js';
export * from './meeting.policy.js';
export * from './masterdata.policy.js';
export * from './patient.policy.js';
export * from './task.policy.js';
export * from './document.policy.js';
export * from './contract.policy.js';
export * from './backup.policy.js';
export * from './invoice.policy.js';

/** Every record policy by its subject name (route declarations name their subject). */
export const POLICIES = {
  User: userPolicy,
  Meeting: meetingPolicy,
  Home: homePolicy,
  HomeGroup: homeGroupPolicy,
  Doctor: doctorPolicy,
  DoctorOffice: doctorOfficePolicy,
  Patient: patientPolicy,
  Task: taskPolicy,
  Document: documentPolicy,
  Contract: contractPolicy,
  Invoice: invoicePolicy,
  Backup: backupPolicy,
} as const;
