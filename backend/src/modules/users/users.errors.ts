import { AppError } from '../../core/errors/app-error.js';

/** German messages of the user administration that the spec does not word itself. */
export const USER_API_MESSAGES = {
  statusFilterAdminOnly: 'Der Statusfilter steht nur Administratoren zur Verfügung.',
  ownPasswordInProfile: 'Ihr eigenes Passwort ändern Sie im Profil unter „Passwort“ mit Ihrem aktuellen Passwort.',
} as const;

export const statusFilterAdminOnly = () => new AppError(403, [{ path: 'filter.status', code: 'forbidden', message: USER_API_MESSAGES.statusFilterAdminOnly }]);
export const ownPasswordInProfile = () => new AppError(403, [{ path: 'password', code: 'forbidden', message: USER_API_MESSAGES.ownPasswordInProfile }]);
