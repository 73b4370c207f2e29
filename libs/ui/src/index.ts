export * from './core.js';
export * from './formats.js';
export * from './components/page-header.js';
export * from './components/contract-required-dialog.js';
export * from './components/placeholder-page.js';
export * from './components/image-dropzone.js';
export * from './components/list-pagination.js';
