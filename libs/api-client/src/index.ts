export * from './auth-store.js';
export * from './api-error.js';
export * from './error-handler.js';
export * from './http.js';
export * from './endpoints.js';
export * from './hooks.js';
export * from './require-permission.js';
export * from './blob.js';
