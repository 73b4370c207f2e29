// The light entry point `@mediport/ui/core`: what the public pages (login) need, so they do not
// load the page components, dialogs, pagination and date formatting of the full `@mediport/ui`.
export * from './theme.js';
export * from './messages.js';
export * from './snackbar.js';
export * from './ui-provider.js';
export * from './icons.js';
export * from './components/states.js';
export * from './components/password-field.js';
