/** Profile documents and avatar (/profil, /api/users/{id}/profile). */
import type { Salutation, Snippet } from './index.js';

/** Decision prefixes the API puts in front of a decided document's name. */
export const DOCUMENT_DECISIONS = ['accepted', 'reject'] as const;
export type DocumentDecision = (typeof DOCUMENT_DECISIONS)[number];

/** Entry of GET /api/users/{id}/profile/documents. */
export interface ProfileDocumentDto {
  _id: string;
  /** The document name, with the brace prefix `{accepted}` / `{reject}` once decided. */
  name: string;
  /** The plain name without prefix (the `{name}` path segment of the document calls). */
  title: string;
  decision: '' | DocumentDecision;
  decidedAt: string | null;
  size: number;
  createdAt: string;
}

/** Answer of GET /api/users/{id}/profile/documents/{name} without noBase64. */
export interface ProfileDocumentContent {
  name: string;
  mimeType: string;
  /** The PDF, base64 encoded. */
  data: string;
}

/** Body of PUT /api/users/{id}/profile/documents/{name}. */
export interface ProfileDocumentDecisionRequest {
  /** `{accepted}<name>` or `{reject}<name>`. */
  name: string;
}

/** Multipart fields of POST /api/users/{id}/profile/documents (the PDF travels as "file"). */
export interface ProfileDocumentUploadRequest {
  /** The document's name; the file's own name when absent. */
  name?: string;
}

/** Marker for "remove the avatar" in PUT /api/users/{id}/profile. */
export const AVATAR_DELETE_MARKER = '_delete';

/**
 * Body of PUT /api/users/{id}/profile (JSON, or multipart with the avatar file as "avatar"). The
 * password changes only with `password_current`, `password` and `password_confirm` together.
 */
export interface ProfileUpdateRequest {
  salutation?: Salutation;
  title?: string;
  firstname?: string;
  lastname?: string;
  street?: string;
  postalCode?: string;
  city?: string;
  country?: string;
  /** AVATAR_DELETE_MARKER removes the avatar. */
  avatar?: typeof AVATAR_DELETE_MARKER;
  password_current?: string;
  password?: string;
  password_confirm?: string;
  /** The user's saved text snippets (name, subject, content), the whole list. */
  snippets?: Snippet[];
}

/** Splits `{accepted}name` into decision and plain name. */
export function parseDocumentName(value: string): { decision: '' | DocumentDecision | null; name: string } {
  const m = /^\{([^}]*)\}(.*)$/s.exec(value);
  if (!m) return { decision: '', name: value };
  const decision = (DOCUMENT_DECISIONS as readonly string[]).includes(m[1]!) ? (m[1] as DocumentDecision) : null;
  return { decision, name: m[2]! };
}

/** The API name of a document: the plain name with the decision's brace prefix. */
export function documentApiName(name: string, decision: '' | DocumentDecision): string {
  return decision ? `{${decision}}${name}` : name;
}
