import { meetingPolicy } from './meeting.policy.js';
import { doctorPolicy, homePolicy } from './masterdata.policy.js';
import { userPolicy } from './user.policy.js';
export * from './condition.js';
export * from './policy.js';
export * from './user.policy.js';
export * from './meeting.policy.js';
export * from './masterdata.policy.js';

/** Every record policy by its subject name (route declarations name their subject). */
export const POLICIES = { User: userPolicy, Meeting: meetingPolicy, Home: homePolicy, Doctor: doctorPolicy } as const;
