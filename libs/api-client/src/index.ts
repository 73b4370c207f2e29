export * from './auth-store.js';
export * from './api-error.js';
export * from './error-handler.js';
// apiRequest stays inside the package: calls go through callApi, typed by the contracts' API_MAP.
export { apiBaseUrl, configureApiClient, prefetchGet, PREFETCH_MAX_AGE_MS, refreshPrefetched, type QueryValue, type RequestOptions } from './http.js';
export * from './endpoints.js';
export * from './hooks.js';
export * from './require-permission.js';
export * from './blob.js';
export * from './typed.js';
export * from './live.js';
