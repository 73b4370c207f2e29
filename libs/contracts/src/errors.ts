/**
 * The machine-readable reasons (`code`) of the API's error answers, per area. They form one union
 * type, so a code the server sends and a code a screen tests for are checked by the compiler.
 */
export const API_ERROR_CODES = {
  /** Any route: bad input, no session, not allowed, not there, too large, too many tries. */
  common: ['invalid', 'forbidden', 'not_found', 'unauthenticated', 'payload_too_large', 'unsupported_media_type', 'throttled', 'conflict', 'internal'],
  /** Sign-in, masquerade and single sign-on. */
  auth: ['bad_credentials', 'deactivated', 'password_change_required', 'switch_back_invalid', 'self_masquerade', 'masquerade_target_deactivated', 'oauth_failed'],
  /**
   * Areas locked until a contract is taken over; the contract state machine's refusals (wrong
   * state or side, an option bookable once only) and why a takeover cannot be asked for.
   */
  contracts: ['contract_required', 'contract_state', 'once_only', 'missing_manager', 'missing_email'],
  users: ['self_deactivation', 'role_not_allowed'],
  /** Master data: a living area still holding patients. */
  masterdata: ['home_group_in_use'],
  /** Uploads and chat messages. */
  uploads: ['too_large', 'too_many', 'empty'],
  /** The order status machine. */
  tasks: ['illegal_transition'],
} as const;

export type ApiErrorArea = keyof typeof API_ERROR_CODES;
export type ApiErrorCode = (typeof API_ERROR_CODES)[ApiErrorArea][number];
