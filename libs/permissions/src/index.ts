export * from './catalogue.js';
export * from './default-matrix.js';
export * from './ability.js';
export * from './matrix.js';
