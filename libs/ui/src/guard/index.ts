export * from './navigation-guard.js';
export * from './unsaved-changes-guard.js';
export * from './generated-password.js';
