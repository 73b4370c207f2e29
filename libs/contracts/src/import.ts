import { TASK_TYPE_LABELS, TASK_TYPES, type TaskType } from './tasks.js';

/**
 * The spreadsheet import of orders (/anforderungen/import, PUT /api/import/task) and the export of
 * the orders list in the same column layout (GET /api/tasks/export).
 */

/** Most data rows one file may hold (a longer file is refused while it is read). */
export const IMPORT_MAX_ROWS = 10_000;
/** Largest upload (bytes). */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** Rows of the preview's table; problems listed at most. */
export const IMPORT_PREVIEW_LINES = 200;
export const IMPORT_PROBLEMS_MAX = 500;

export type ImportColumnKey =
  | 'home'
  | 'homeGroup'
  | 'lastname'
  | 'firstname'
  | 'dateOfBirth'
  | 'doctor'
  | 'doctorPostalCode'
  | 'doctorEmail'
  | 'doctorFax'
  | 'medicine'
  | 'dose'
  | 'amount'
  | 'type'
  | 'latestDelivery'
  | 'pharmacy';

export interface ImportColumn {
  key: ImportColumnKey;
  /** The header as the template writes it. */
  header: string;
  /** Further headers read as this column (any case; umlauts may be written ae, oe, ue, ss). */
  aliases: readonly string[];
  /** The header must be present. */
  required: boolean;
  /** What the cell holds (shown on the import page and in docs/import-format.md). */
  description: string;
  /** The template's example row. */
  example: string;
  /** Column width in the generated sheets (characters). */
  width: number;
}

/** The columns of the import file, in the order of the template and the export. */
export const IMPORT_COLUMNS: readonly ImportColumn[] = [
  { key: 'home', header: 'Einrichtung', aliases: ['Pflegeeinrichtung', 'Heim'], required: true, description: 'Name der Pflegeeinrichtung', example: 'Haus Sonnenschein', width: 26 },
  { key: 'homeGroup', header: 'Wohnbereich', aliases: [], required: false, description: 'Name des Wohnbereichs (leer: keiner bzw. unverändert)', example: 'Wohnbereich A', width: 18 },
  { key: 'lastname', header: 'Nachname', aliases: [], required: true, description: 'Nachname des Patienten', example: 'Musterfrau', width: 18 },
  { key: 'firstname', header: 'Vorname', aliases: [], required: false, description: 'Vorname des Patienten', example: 'Erika', width: 16 },
  { key: 'dateOfBirth', header: 'Geburtsdatum', aliases: ['Geburtstag'], required: true, description: 'TT.MM.JJJJ', example: '12.03.1941', width: 14 },
  {
    key: 'doctor',
    header: 'Arzt',
    aliases: [],
    required: false,
    description: '„Nachname, Vorname“ oder die Kundennummer des Arztes; Pflicht bei Art 1 und 4',
    example: 'Berger, Anna',
    width: 20,
  },
  { key: 'doctorPostalCode', header: 'Arzt PLZ', aliases: [], required: false, description: 'Postleitzahl des Arztes, wenn mehrere Ärzte gleich heißen', example: '', width: 10 },
  { key: 'doctorEmail', header: 'Arzt E-Mail', aliases: [], required: false, description: 'Nur für einen neuen Arzt: seine E-Mail-Adresse (oder Arzt Fax)', example: '', width: 22 },
  { key: 'doctorFax', header: 'Arzt Fax', aliases: [], required: false, description: 'Nur für einen neuen Arzt: seine Faxnummer mit Vorwahl', example: '', width: 16 },
  { key: 'medicine', header: 'Medikament', aliases: ['Arzneimittel'], required: true, description: 'Name des Medikaments (höchstens 200 Zeichen)', example: 'Ibuprofen 400 mg', width: 26 },
  { key: 'dose', header: 'Dosierung', aliases: ['Dosis'], required: true, description: 'Dosierung bzw. Darreichungsform', example: '1-0-1', width: 14 },
  { key: 'amount', header: 'Menge', aliases: ['Anzahl'], required: false, description: 'Ganze Zahl von 1 bis 100 (leer: 1)', example: '2', width: 8 },
  {
    key: 'type',
    header: 'Art',
    aliases: ['Auftragsart'],
    required: true,
    description: `1 bis 4 oder der Name: ${TASK_TYPES.map((t) => `${t} ${TASK_TYPE_LABELS[t]}`).join(', ')}`,
    example: TASK_TYPE_LABELS[1],
    width: 22,
  },
  { key: 'latestDelivery', header: 'Späteste Lieferung', aliases: ['Lieferdatum'], required: false, description: 'TT.MM.JJJJ, nicht in der Vergangenheit (leer: ohne Termin)', example: '', width: 18 },
  { key: 'pharmacy', header: 'Apotheke', aliases: [], required: false, description: 'Apotheke der Zeile; mit dem Apotheken-Filter werden nur ihre Zeilen importiert', example: '', width: 20 },
];

/** The header of each column. */
export const IMPORT_HEADERS = Object.fromEntries(IMPORT_COLUMNS.map((c) => [c.key, c.header])) as Record<ImportColumnKey, string>;

/** The file types the import reads. */
export const IMPORT_ACCEPT = '.xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv';

/** The answer of PUT /api/import/task: what was written (the spec's five counts). */
export interface ImportCounts {
  homes: { nInserted: number };
  homeGroups: { nInserted: number };
  patients: { nUpserted: number };
  doctors: { nUpserted: number };
  tasks: { nUpserted: number };
}

/** A problem of the file: its row and column (null for the file as a whole) and what is wrong. */
export interface ImportProblem {
  row: number | null;
  column: string | null;
  message: string;
}

/** What the import does with a row. */
export type ImportLineAction = 'insert' | 'update' | 'unchanged' | 'skipped' | 'error';

/** One row of the preview's table, as read from the file. */
export interface ImportPreviewLine {
  row: number;
  home: string;
  homeGroup: string;
  patient: string;
  dateOfBirth: string;
  doctor: string;
  medicine: string;
  dose: string;
  amount: string;
  type: string;
  latestDelivery: string;
  action: ImportLineAction;
}

/** The answer of POST /api/import/task/preview: a dry run of the import, nothing written. */
export interface ImportPreview {
  fileName: string;
  format: 'xlsx' | 'csv';
  /** Data rows read. */
  rows: number;
  /** Rows of other pharmacies (the pharmacy filter). */
  skipped: number;
  /** The distinct values of the column Apotheke, for the pharmacy filter. */
  pharmacies: string[];
  /** What the import would write. */
  counts: ImportCounts;
  /** The same in more detail. */
  details: {
    homes: string[];
    homeGroups: string[];
    patients: { inserted: number; updated: number };
    doctors: string[];
    tasks: { inserted: number; updated: number; unchanged: number };
  };
  /** The first rows (IMPORT_PREVIEW_LINES). */
  lines: ImportPreviewLine[];
  /** The first problems (IMPORT_PROBLEMS_MAX); the import runs only without any. */
  problems: ImportProblem[];
  problemCount: number;
}

/**
 * How far an upload has come (GET /api/import/task/progress?job=): `upload` counts bytes received,
 * `read` bytes of the file read (with `rows` read so far), `check` and `write` rows of `total`.
 * `waiting` until the upload arrives (or for a job this instance does not know).
 */
export type ImportPhase = 'waiting' | 'upload' | 'read' | 'check' | 'write' | 'done' | 'failed';

export interface ImportProgress {
  phase: ImportPhase;
  done: number;
  total: number;
  rows: number;
}

/** Body (multipart) of PUT /api/import/task and POST /api/import/task/preview, beside the file. */
export interface ImportTaskRequest {
  filterPharma?: string;
  insertHomes?: boolean | string;
  insertHomeGroups?: boolean | string;
}

/** German texts of the import (the server's problems and the page's success toast). */
export const IMPORT_MESSAGES = {
  success: 'Daten erfolgreich importiert',
  noFile: 'Bitte wählen Sie eine Datei aus.',
  oneFile: 'Bitte laden Sie genau eine Datei im Feld „file“ hoch.',
  badJob: 'Ungültige Kennung des Uploads.',
  empty: 'Die Datei ist leer.',
  noRows: 'Die Datei enthält nur Überschriften und keine Datenzeilen.',
  tooLarge: `Die Datei ist zu groß. Erlaubt sind höchstens ${IMPORT_MAX_BYTES / 1024 / 1024} MB.`,
  tooManyRows: `Die Datei hat mehr als ${IMPORT_MAX_ROWS.toLocaleString('de-DE')} Datenzeilen. Bitte teilen Sie sie in mehrere Dateien auf.`,
  notSpreadsheet: 'Die Datei ist keine Tabelle. Bitte laden Sie eine Excel-Datei (.xlsx) oder eine CSV-Datei (.csv) hoch.',
  oldExcel: 'Das alte Excel-Format (.xls) wird nicht gelesen. Bitte speichern Sie die Datei als .xlsx oder .csv.',
  utf16: 'Bitte speichern Sie die CSV-Datei als UTF-8.',
  unreadable: 'Die Datei konnte nicht gelesen werden. Bitte speichern Sie sie erneut als .xlsx oder .csv.',
  noSheet: 'Die Excel-Datei enthält kein Tabellenblatt.',
  unpackedTooLarge: 'Die Excel-Datei ist entpackt zu groß.',
  unknownColumn: (allowed: string) => `Unbekannte Spalte. Erlaubt sind: ${allowed}.`,
  missingColumn: 'Die Spalte fehlt.',
  duplicateColumn: 'Die Spalte kommt mehrfach vor.',
  required: 'Das Feld darf nicht leer sein.',
  tooLong: (max: number) => `Mehr als ${max} Zeichen.`,
  forbiddenCharacters: 'Unerlaubte Zeichen gefunden!',
  invalidDate: (value: string) => `${value} ist kein gültiges Datum`,
  birthInFuture: (value: string) => `${value} liegt in der Zukunft.`,
  deliveryInPast: (value: string) => `${value} liegt in der Vergangenheit.`,
  amount: (value: string) => `${value} ist keine ganze Zahl von 1 bis 100.`,
  type: (value: string) => `${value} ist keine Auftragsart (1 bis 4 oder ${Object.values(TASK_TYPE_LABELS).join(', ')}).`,
  doctorRequired: 'Für diese Auftragsart wird ein Arzt benötigt.',
  homeGroupRequired: 'Für „Rezept in Wohnbereich“ braucht der Patient einen Wohnbereich.',
  postalCode: (value: string) => `${value} ist keine Postleitzahl (höchstens 5 Ziffern).`,
  email: (value: string) => `${value} ist keine gültige E-Mail-Adresse.`,
  faxAreaCode: (value: string) => `${value}: Die Faxnummer braucht eine Vorwahl.`,
  missingHome: (name: string) => `Die Einrichtung „${name}“ gibt es nicht. Wählen Sie „Fehlende Einrichtungen anlegen“, um sie anzulegen.`,
  missingHomeGroup: (name: string, home: string) => `Den Wohnbereich „${name}“ gibt es in „${home}“ nicht. Wählen Sie „Fehlende Wohnbereiche anlegen“, um ihn anzulegen.`,
  deactivatedHome: (name: string) => `Die Einrichtung „${name}“ ist deaktiviert.`,
  notYourHome: (name: string) => `Sie dürfen keine Aufträge für die Einrichtung „${name}“ importieren.`,
  mayNotCreateHomes: 'Sie dürfen keine Einrichtungen anlegen.',
  mayNotCreateHomeGroups: (home: string) => `Sie dürfen in „${home}“ keine Wohnbereiche anlegen.`,
  mayNotCreatePatients: 'Sie dürfen keine Patienten anlegen.',
  mayNotChangePatient: (name: string) => `Sie dürfen den Patienten „${name}“ nicht ändern.`,
  deactivatedPatient: (name: string) => `Der Patient „${name}“ ist deaktiviert.`,
  conflictingHomeGroup: (row: number) => `Anderer Wohnbereich als in Zeile ${row} für denselben Patienten.`,
  unknownDebtor: (value: string) => `Einen Arzt mit der Kundennummer ${value} gibt es nicht.`,
  ambiguousHome: (name: string) => `Es gibt mehrere Einrichtungen „${name}“. Bitte geben Sie den Einrichtungen eindeutige Namen.`,
  ambiguousDoctor: (name: string) => `Es gibt mehrere Ärzte „${name}“. Bitte geben Sie die Kundennummer oder Arzt PLZ an.`,
  deactivatedDoctor: (name: string) => `Der Arzt „${name}“ ist deaktiviert.`,
  newDoctorContact: (name: string) => `Den Arzt „${name}“ gibt es nicht. Für einen neuen Arzt geben Sie bitte Arzt E-Mail oder Arzt Fax an.`,
  mayNotCreateDoctors: (name: string) => `Den Arzt „${name}“ gibt es nicht, und Sie dürfen keine Ärzte anlegen.`,
  duplicateRow: (row: number) => `Derselbe Auftrag (Patient, Medikament, Dosierung, späteste Lieferung) steht schon in Zeile ${row}.`,
  mayNotCreateTasks: (home: string) => `Sie dürfen für „${home}“ keine Aufträge anlegen.`,
  mayNotChangeTask: 'Sie dürfen diesen vorhandenen Auftrag nicht ändern.',
  exportTooMany: `Die Auswahl umfasst mehr als ${IMPORT_MAX_ROWS.toLocaleString('de-DE')} Aufträge. Bitte schränken Sie den Filter ein.`,
  moreProblems: (n: number) => `… und ${n.toLocaleString('de-DE')} weitere Probleme. Die Vorschau zeigt sie.`,
} as const;

/** "Zeile 17, Spalte Geburtsdatum: 31.02.1950 ist kein gültiges Datum". */
export function importProblemText(problem: ImportProblem): string {
  const place = [problem.row !== null ? `Zeile ${problem.row}` : '', problem.column !== null ? `Spalte ${problem.column}` : ''].filter(Boolean).join(', ');
  return place ? `${place}: ${problem.message}` : problem.message;
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('de-DE')} ${n === 1 ? one : many}`;

/** The success toast: 'Daten erfolgreich importiert' with the inserted homes and living areas and the upserted patients, doctors and orders. */
export function importSuccessText(counts: ImportCounts): string {
  const parts = [
    plural(counts.homes.nInserted, 'Einrichtung', 'Einrichtungen'),
    plural(counts.homeGroups.nInserted, 'Wohnbereich', 'Wohnbereiche'),
    plural(counts.patients.nUpserted, 'Patient', 'Patienten'),
    plural(counts.doctors.nUpserted, 'Arzt', 'Ärzte'),
    plural(counts.tasks.nUpserted, 'Auftrag', 'Aufträge'),
  ];
  return `${IMPORT_MESSAGES.success}: ${parts.join(', ')}`;
}

/** A task type written as 1–4 or its German name (any case), else null. */
export function parseTaskTypeText(text: string): TaskType | null {
  const value = text.trim().replace(/\s+/g, ' ').toLocaleLowerCase('de');
  for (const type of TASK_TYPES) if (value === String(type) || value === TASK_TYPE_LABELS[type].toLocaleLowerCase('de')) return type;
  return null;
}

/** The export's file name with the Berlin date and time of `now`: Auftraege_20261127_0958.xlsx. */
export function exportFileName(now: Date = new Date()): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(now)
      .map((x) => [x.type, x.value]),
  );
  return `Auftraege_${p.year}${p.month}${p.day}_${p.hour}${p.minute}.xlsx`;
}
