import { API_MESSAGES, ERROR_CODES } from '@mediport/contracts';
import { AppError } from '../../core/errors/app-error.js';

export const badCredentials = () => new AppError(401, [{ code: ERROR_CODES.badCredentials, message: API_MESSAGES.badCredentials }]);
export const deactivated = () => new AppError(401, [{ code: ERROR_CODES.deactivated, message: API_MESSAGES.deactivated }]);
export const throttled = () => new AppError(429, [{ code: ERROR_CODES.throttled, message: API_MESSAGES.throttled }]);
export const selfMasquerade = () => AppError.badRequest([{ code: 'self_masquerade', message: API_MESSAGES.noSelfMasquerade }]);
export const switchBackInvalid = () => new AppError(401, [{ code: 'switch_back_invalid', message: API_MESSAGES.switchBackInvalid }]);
