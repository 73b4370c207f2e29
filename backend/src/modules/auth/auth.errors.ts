import { API_MESSAGES, ERROR_CODES } from '@mediport/contracts';
import { AppError } from '../../core/errors/app-error.js';

export const badCredentials = () => new AppError(401, [{ code: ERROR_CODES.badCredentials, message: API_MESSAGES.badCredentials }]);
export const throttled = () => new AppError(429, [{ code: ERROR_CODES.throttled, message: API_MESSAGES.throttled }]);
/** 403, not the sign-in's 401 `deactivated`: the administrator's own session stays valid. */
export const masqueradeTargetDeactivated = () => new AppError(403, [{ code: 'masquerade_target_deactivated', message: API_MESSAGES.forbidden }]);
export const selfMasquerade = () => new AppError(403, [{ code: 'self_masquerade', message: API_MESSAGES.noSelfMasquerade }]);
export const switchBackInvalid = () => new AppError(401, [{ code: 'switch_back_invalid', message: API_MESSAGES.switchBackInvalid }]);
