import { type MedicineGroup } from '@mediport/contracts';
import { MEDICINE_MESSAGES } from '@mediport/contracts/medicines';

/** German texts of the medicine list (/v3/medikamente). */
export const MEDICINE_TEXTS = {
  title: 'Medikamente',
  section: 'Stammdaten',
  search: 'Suche',
  disabledFilter: 'Deaktiviert',
  yes: 'Ja',
  no: 'Nein',
  all: 'Alle',
  name: 'Name',
  group: 'Gruppe',
  status: 'Status',
  actions: 'Aktionen',
  active: 'aktiv',
  disabled: 'deaktiviert',
  activate: 'Aktivieren',
  disable: 'Deaktivieren',
  activateLabel: (name: string) => `${name} aktivieren`,
  disableLabel: (name: string) => `${name} deaktivieren`,
  activated: MEDICINE_MESSAGES.activated,
  deactivated: MEDICINE_MESSAGES.deactivated,
} as const;

export const GROUP_LABELS: Record<MedicineGroup, string> = {
  medicine: 'Medikament',
  document: 'Dokument',
  other: 'Sonstiges',
};
