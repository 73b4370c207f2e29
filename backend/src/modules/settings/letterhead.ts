import type { SettingsRow } from './settings.repository.js';

/** The operator's letterhead on printed sheets and letters, from the company settings. */
export function letterhead(company: SettingsRow | null) {
  return {
    name: company?.company ?? '',
    street: company?.street ?? '',
    place: [company?.postalCode, company?.city].filter(Boolean).join(' '),
    phone: company?.phone ?? '',
    fax: company?.fax ?? '',
    email: company?.email ?? '',
  };
}
