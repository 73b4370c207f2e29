/** Medicines: the /v3/medikamente list and the suggestions of the order wizard. */

export const MEDICINE_GROUPS = ['medicine', 'document', 'other'] as const;
export type MedicineGroup = (typeof MEDICINE_GROUPS)[number];

/** A medicine as GET /api/medicine lists it. */
export interface MedicineDto {
  _id: string;
  name: string;
  group: MedicineGroup;
  disabled: boolean;
}

/** Body of PUT /api/medicine: the medicine by `_id` (or by name) and its new disabled flag. */
export interface MedicineToggleRequest {
  _id?: string;
  name?: string;
  disabled: boolean;
}

/** Sort keys of GET /api/medicine (`sort=name`, `sort=-name`, …). */
export const MEDICINE_SORT_FIELDS = ['name', 'group', 'disabled'] as const;
export type MedicineSortField = (typeof MEDICINE_SORT_FIELDS)[number];

/** German texts of the medicines area. */
export const MEDICINE_MESSAGES = {
  activated: 'Medizin wurde aktiviert.',
  deactivated: 'Medizin wurde deaktiviert.',
  idOrName: 'Bitte geben Sie die Medizin an.',
  disabledFlag: 'Bitte geben Sie an, ob die Medizin deaktiviert ist.',
  invalidSort: 'Unbekannte Sortierung.',
  invalidFilter: 'Ungültiger Filter.',
} as const;
