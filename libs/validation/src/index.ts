export * from './password-rules.js';
export * from './field-rules.js';
