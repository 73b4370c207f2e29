/** The generic table: page sizes, default size, "all" limit, search debounce. */
export const TABLE_DEFAULTS = {
  pageSize: 25,
  pageSizes: [10, 25, 50, 75, 100, 250, 500] as readonly number[],
  /** `limit` of a lookup without pagination. */
  all: 99999,
  searchDebounceMs: 250,
  /** A select shows at most this many matching options. */
  selectOptions: 100,
} as const;

/** The layout's breakpoints (425/426, 601, 768, 1024 px) as min-width media queries. */
export const SPEC_BREAKPOINTS = { phone: 426, small: 601, tablet: 768, desktop: 1024 } as const;
export type SpecBreakpoint = keyof typeof SPEC_BREAKPOINTS;

/** `@media (min-width: …)` for a spec breakpoint, for `sx` objects. */
export const atLeast = (bp: SpecBreakpoint) => `@media (min-width: ${SPEC_BREAKPOINTS[bp]}px)`;
