import { OAUTH_MESSAGES } from '@mediport/contracts';
import { AppError } from '../../core/errors/app-error.js';

/** Every single-sign-on failure answers the same 401 with one German text, whatever went wrong. */
export const oauthFailed = () => new AppError(401, [{ code: 'oauth_failed', message: OAUTH_MESSAGES.failed }]);
