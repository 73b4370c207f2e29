export * from './search-answer.js';
