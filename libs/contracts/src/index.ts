import type { ApiErrorCode } from './errors.js';
/**
 * API shapes shared by the backend and the frontends.
 * Field names follow the product's data model word for word (also where they are unusual).
 */

export const ROLES = [
  'ROLE_ADMIN',
  'ROLE_MANAGER',
  'ROLE_HOME',
  'ROLE_PHARMA',
  'ROLE_DOCTOR',
  'ROLE_DRIVER',
  'ROLE_ACCOUNTING',
] as const;
export type Role = (typeof ROLES)[number];

/** German display names of the roles. */
export const ROLE_LABELS: Record<Role, string> = {
  ROLE_ADMIN: 'Administrator',
  ROLE_MANAGER: 'Manager',
  ROLE_HOME: 'Heim',
  ROLE_PHARMA: 'Apotheker',
  ROLE_DOCTOR: 'Arzt',
  ROLE_DRIVER: 'Fahrer',
  ROLE_ACCOUNTING: 'Buchhalter',
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Product constants shown in the UI. */
export const PRODUCT_NAME = 'Medikationsportal';
export const PRODUCT_VERSION = '2.9.1';
export const PARTNER_PLATFORM_NAME = 'Apomondo';
export const AUTH_STORAGE_KEY = 'auth';
export const FORCED_PASSWORD_PATH = '/profil#scrollable-force-tab-1';

export type Salutation = '' | 'mr' | 'mrs';
export type UserStatus = '' | 'new' | 'removed';

/** Reference to a record that changed something (createdFrom / modifiedFrom). */
export interface ActorRef {
  _id: string;
  username: string;
}

/** Who created or last changed a user: the account and the person's name. */
export interface UserActorRef extends ActorRef {
  /** First and last name ("Max Mustermann"); the username when both are empty. */
  name: string;
}

/** The name a user is shown by: first and last name, or the username when both are empty. */
export function personName(user: { username: string; firstname: string; lastname: string }): string {
  return [user.firstname.trim(), user.lastname.trim()].filter(Boolean).join(' ') || user.username;
}

export interface HomeRef {
  _id: string;
  name: string;
}

export interface DoctorRef {
  _id: string;
  firstname: string;
  lastname: string;
  title: string;
  email: string;
}

/** The user as the API returns it (never with password fields). */
export interface UserDto {
  _id: string;
  username: string;
  roles: Role[];
  doctor: string | null;
  home: string | null;
  homeGroup: string[];
  patient: string | null;
  salutation: Salutation;
  title: string;
  firstname: string;
  lastname: string;
  street: string;
  postalCode: string;
  city: string;
  country: string;
  avatar: string | null;
  chargeable: 0 | 1 | 2;
  status: UserStatus;
  once_password: boolean;
  snippets: Snippet[];
  seen: string[];
  editable?: boolean;
  /** ISO 8601. */
  createdAt: string;
  createdFrom: UserActorRef | null;
  /** ISO 8601: the last change through the users or the profile route. */
  modifiedAt: string;
  /** Who made that change. */
  modifiedFrom: UserActorRef | null;
}

export interface Snippet {
  name: string;
  subject: string;
  content: string;
}

export interface SystemInfo {
  /** ISO 8601 timestamp of the web-address change; null when none is announced. */
  deadline: string | null;
  /** The future web address. */
  url: string | null;
}

/** Answer of POST /api/auth, POST /api/oauth and POST /api/auth/masquerade/{id}. */
export interface AuthRecord {
  token: string;
  user: UserDto;
  username: string;
  roles: Role[];
  /** Effective permission strings (suffixes _own and _required_contract kept). */
  permissions: string[];
  home: HomeRef | null;
  doctor: DoctorRef | null;
  once_password: boolean;
  system: SystemInfo;
  /** Present while an administrator works as another user. */
  switchBackToken?: string;
}

export interface LoginRequest {
  username: string;
  password: string;
}

export interface ApiErrorEntry {
  path?: string;
  message: string;
  code?: ApiErrorCode;
}

/** Every error answer of the API has this shape. */
export interface ApiErrorBody {
  statusCode: number;
  errors: ApiErrorEntry[];
  correlationId?: string;
}

export interface ListResponse<T> {
  data: T[];
  count: number;
  /** More than `count` match (a list that counts only up to a cap, e.g. the orders): "mehr als {count}". */
  countCapped?: true;
}

/** Operator data (company settings). */
export interface SettingsDto {
  company: string;
  street: string;
  postalCode: string;
  city: string;
  phone: string;
  fax: string;
  email: string;
  debtorId?: string;
  instanceId?: string;
  logo?: string | null;
}

/** The subset of settings readable without sign-in (imprint). */
export type PublicSettingsDto = Omit<SettingsDto, 'debtorId' | 'instanceId'>;

/** Entry of the rights-matrix catalogue (the `rules` of GET /api/acl). */
export interface AclRuleItem {
  name: string;
  label: string;
  url?: string;
  api?: string;
  require?: string;
  image?: string;
  hasOnlyOwn?: boolean;
  /** Only the home and doctor columns can require a contract for this permission. */
  canRequireContract?: boolean;
}

export interface AclRuleSection {
  label: string;
  items: AclRuleItem[];
}

export interface AclRuleGroup {
  label: string;
  group: string;
  sections: AclRuleSection[];
}

/** Per-role column of the matrix: granted permission strings (with suffixes) and the manager-only list. */
export interface AclRoleEntry {
  permissions: string[];
  manager: string[];
}

export type AclMatrix = Record<Role, AclRoleEntry>;

/** Answer of GET /api/acl. */
export interface AclResponse {
  rules: readonly AclRuleGroup[];
  acl: AclMatrix;
  version: number;
}

/** Body of PATCH /api/acl: the changed role columns. */
export interface AclPatchRequest {
  acl: Partial<AclMatrix>;
}

/** Socket events (realtime gateway). */
export const SOCKET_EVENTS = {
  newTask: 'newtask',
  newEvent: 'newevent',
  /** A task's status or fields changed (list rows and dashboard counts refetch). */
  taskChanged: 'taskchanged',
  /** The socket is signed in; the rooms it joined. */
  ready: 'ready',
  /** No valid session (never had one, or it ended: logout, password change, deactivation): go to /login. */
  unauthorized: 'unauthorized',
  /** The session is still valid but what it may see changed: connect again with the same token. */
  reauth: 'reauth',
} as const;

/** Payloads of the gateway's own socket events. */
export interface SocketEventPayloads {
  /** Ids only: clients refetch through the API, which applies the policy (no health data on the wire). */
  [SOCKET_EVENTS.newTask]: { taskId: string };
  [SOCKET_EVENTS.newEvent]: { taskId: string; eventId: string };
  [SOCKET_EVENTS.taskChanged]: { taskId: string; status: string };
  [SOCKET_EVENTS.ready]: { rooms: string[] };
  [SOCKET_EVENTS.unauthorized]: { message: string };
  [SOCKET_EVENTS.reauth]: { reason: 'user_changed' | 'matrix_changed' | 'access_changed' };
}

/**
 * Messages of the API where the spec does not word them (it shows no server error texts).
 * Kept here so server, shell and browser tests use the same wording.
 */
export const API_MESSAGES = {
  badCredentials: 'Benutzername oder Passwort ist falsch.',
  throttled: 'Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuchen Sie es in 15 Minuten erneut.',
  deactivated: 'Ihr Zugang wurde deaktiviert. Bitte wenden Sie sich an Ihre Apotheke.',
  unauthenticated: 'Bitte melden Sie sich an.',
  forbidden: 'Sie haben keine Berechtigung für diese Aktion.',
  contractRequired: 'Vertrag benötigt!',
  passwordChangeRequired: 'Das Passwort ist nur einmal gültig und muss geändert werden!',
  notFound: 'Der Datensatz wurde nicht gefunden.',
  invalidInput: 'Die Eingaben sind ungültig.',
  internal: 'Ein unerwarteter Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.',
  masquerade: 'Als Administrator Nutzer angemeldet.',
  noSelfMasquerade: 'Sie können sich nicht als Sie selbst anmelden.',
  switchBackInvalid: 'Die Rückkehr zum ursprünglichen Nutzer ist nicht mehr möglich. Bitte melden Sie sich neu an.',
  /** Control, bidi-override or unpaired surrogate characters in any field. */
  forbiddenCharacters: 'Unerlaubte Zeichen gefunden!',
  nestedTooDeep: 'Die Anfrage ist zu tief verschachtelt.',
  invalidFieldName: 'Ungültiger Feldname.',
  objectExpected: 'Die Anfrage muss ein Objekt sein.',
  /** A request body over the JSON / urlencoded limit (uploads answer UPLOAD_MESSAGES' "Die Datei ist zu groß."). */
  requestTooLarge: 'Die Anfrage ist zu groß.',
} as const;

/** Error codes carried in `errors[].code`. */
export const ERROR_CODES = {
  contractRequired: 'contract_required',
  passwordChangeRequired: 'password_change_required',
  throttled: 'throttled',
  badCredentials: 'bad_credentials',
  deactivated: 'deactivated',
} as const satisfies Record<string, ApiErrorCode>;

export interface DemoAccount {
  user: string;
  password: string;
  /** German role description shown in the demo table. */
  label: string;
}

/** Answer of GET /api/config: what the login page needs before sign-in. */
export interface PublicConfig {
  productName: string;
  version: string;
  partnerName: string;
  /** Demo flag on: the accounts for the login page's demo table (shown only on a local/demo host). */
  demo: boolean;
  demoAccounts: DemoAccount[];
  sso: {
    enabled: boolean;
    /** The partner platform's authorization endpoint. */
    authorizationUrl: string | null;
    clientId: string | null;
    /** Fixed nonce sent with the authorization request (the partner platform expects a fixed one). */
    nonce: string | null;
  };
  system: SystemInfo;
}

/** Answer of PUT /api/users/{id}/profile. A password change revokes every session and issues a fresh one. */
export interface ProfileUpdateResponse {
  user: UserDto;
  auth?: AuthRecord;
}

/** Body of POST /api/auth/switch-back (sent with the masquerade token). */
export interface SwitchBackRequest {
  switchBackToken: string;
}
export * from './profile.js';
export * from './statistics.js';
export * from './users.js';
// Meetings, medicines and the order status machine: their values are subpaths
// (@mediport/contracts/meetings, /medicines, /task-machine), left out of the screens' shared
// contracts chunk that the login page loads; their types come from here too.
export type * from './meetings.js';
export * from './settings.js';
export type * from './medicines.js';
export * from './oauth.js';
export * from './masterdata.js';
export * from './tasks.js';
export * from './errors.js';
export type * from './task-machine.js';
export * from './task-events.js';
export * from './health.js';
export * from './remote-nav.js';
// The screens need the map's types only; the map itself is `@mediport/contracts/api-map`.
export type { ApiBody, ApiMap, ApiMapSpecs, ApiResponse, ApiRoute, ApiRouteSpec } from './api-map.js';
export * from './file-routes.js';
export * from './list-url.js';
