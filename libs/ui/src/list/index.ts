export * from './table-defaults.js';
export * from './use-debounced-value.js';
export * from './use-list-state.js';
export * from './data-table.js';
export * from './filter-bar.js';
export * from './row-parts.js';
export * from './row-tooltip.js';
