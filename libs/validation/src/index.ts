export * from './password-rules.js';
export * from './field-rules.js';
export * from './user-rules.js';
export * from './form-rules.js';
export * from './masterdata-rules.js';
export * from './order-rules.js';
