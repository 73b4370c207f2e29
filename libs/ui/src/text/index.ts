export * from './plural.js';
export * from './countdown.js';
export * from './ui-texts.js';
