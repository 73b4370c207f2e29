import { OAUTH_MESSAGES } from '@mediport/contracts';
import { AppError } from '../../core/errors/app-error.js';

/** Every single-sign-on failure answers the same 401 with the spec's text (part 1 §8). */
export const oauthFailed = () => new AppError(401, [{ code: 'oauth_failed', message: OAUTH_MESSAGES.failed }]);
