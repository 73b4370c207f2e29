export * from './api';
export * from './record-form';
export * from './confirm-dialog';
export * from './texts';
export * from './fields';
