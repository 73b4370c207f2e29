import type { ImportLineAction, ImportPhase } from '@mediport/contracts/import';

/** Texts of the import page; the server's problems, the column docs and the success toast come from @mediport/contracts/import. */
export const IMPORT_TEXTS = {
  title: 'Import',
  section: 'Aufträge und Abholung',
  list: 'Anforderungen',
  intro:
    'Laden Sie eine Excel-Datei (.xlsx) oder eine CSV-Datei (.csv) mit einem Auftrag je Zeile hoch. Sie sehen zuerst eine Vorschau mit allen Problemen; erst „Importieren“ speichert – alle Zeilen oder keine.',
  template: 'Vorlage herunterladen',
  templateName: 'Vorlage_Auftragsimport.xlsx',
  chooseFile: 'Datei auswählen',
  fileLabel: 'Datei',
  uploadSection: 'Datei hochladen',
  noFile: 'Keine Datei ausgewählt',
  insertHomes: 'Fehlende Einrichtungen anlegen',
  insertHomeGroups: 'Fehlende Wohnbereiche anlegen',
  pharmacy: 'Apotheke',
  allPharmacies: 'Alle Apotheken',
  noPharmacies: 'Die Datei nennt keine Apotheke.',
  preview: 'Vorschau aktualisieren',
  run: 'Importieren',
  toList: 'Zur Auftragsliste',
  // Progress.
  progressLabel: 'Fortschritt',
  phase: {
    waiting: 'Die Datei wird gesendet …',
    upload: 'Die Datei wird hochgeladen …',
    read: 'Die Datei wird gelesen …',
    check: 'Die Zeilen werden geprüft …',
    write: 'Die Aufträge werden gespeichert …',
    done: 'Fertig.',
    failed: 'Abgebrochen.',
  } satisfies Record<ImportPhase, string>,
  progressRows: (done: number, total: number) => `Zeile ${done.toLocaleString('de-DE')} von ${total.toLocaleString('de-DE')}`,
  progressRead: (rows: number) => `${rows.toLocaleString('de-DE')} Zeilen gelesen`,
  progressBytes: (done: number, total: number) => `${(done / 1024).toLocaleString('de-DE', { maximumFractionDigits: 0 })} von ${(total / 1024).toLocaleString('de-DE', { maximumFractionDigits: 0 })} KB`,
  // The preview.
  previewTitle: 'Vorschau',
  summary: (rows: number, skipped: number) =>
    `${rows.toLocaleString('de-DE')} ${rows === 1 ? 'Zeile' : 'Zeilen'} gelesen${skipped ? `, davon ${skipped.toLocaleString('de-DE')} einer anderen Apotheke (werden übersprungen)` : ''}.`,
  wouldWrite: 'Der Import würde speichern:',
  newHomes: 'Neue Einrichtungen',
  newHomeGroups: 'Neue Wohnbereiche',
  patients: 'Patienten',
  doctors: 'Neue Ärzte',
  tasks: 'Aufträge',
  inserted: (n: number) => `${n.toLocaleString('de-DE')} neu`,
  updated: (n: number) => `${n.toLocaleString('de-DE')} geändert`,
  unchanged: (n: number) => `${n.toLocaleString('de-DE')} unverändert`,
  nothingToWrite: 'Die Datei enthält nichts Neues: Alle Aufträge sind schon vorhanden.',
  problemsTitle: (n: number) => (n === 1 ? 'Die Datei hat 1 Problem' : `Die Datei hat ${n.toLocaleString('de-DE')} Probleme`),
  problemsHint: 'Beheben Sie sie in der Datei und wählen Sie sie erneut aus. Importiert wird erst eine Datei ohne Probleme.',
  problemsShown: (shown: number, total: number) => `Die ersten ${shown.toLocaleString('de-DE')} von ${total.toLocaleString('de-DE')} Problemen:`,
  problemsTable: 'Probleme der Datei',
  rowsTable: 'Zeilen der Datei',
  rowsShown: (shown: number, total: number) => `Die ersten ${shown.toLocaleString('de-DE')} von ${total.toLocaleString('de-DE')} Zeilen.`,
  columns: { row: 'Zeile', column: 'Spalte', problem: 'Problem', action: 'Aktion', patient: 'Patient' },
  actions: { insert: 'Neu', update: 'Ändern', unchanged: 'Unverändert', skipped: 'Übersprungen', error: 'Fehler' } satisfies Record<ImportLineAction, string>,
  failed: 'Die Datei wurde nicht importiert.',
  // The format.
  formatTitle: 'Aufbau der Datei',
  formatIntro:
    'Die erste Zeile enthält die Überschriften (Reihenfolge und Groß-/Kleinschreibung beliebig), jede weitere Zeile einen Auftrag. Gelesen wird das erste Tabellenblatt. CSV-Dateien: UTF-8 (mit oder ohne BOM) oder Windows-1252, getrennt durch Semikolon oder Komma. Daten im Format TT.MM.JJJJ. Formeln werden nicht ausgeführt, sondern als Text übernommen.',
  formatLimits: (rows: string, mb: number) => `Höchstens ${rows} Zeilen und ${mb} MB je Datei.`,
  formatKeys:
    'Vorhandenes wird wiedererkannt: Patienten an Einrichtung, Nachname, Vorname und Geburtsdatum, Ärzte an Kundennummer oder Name (und PLZ), Aufträge an Patient, Medikament, Dosierung und spätester Lieferung. Dieselbe Datei ein zweites Mal ändert nichts.',
  formatTable: 'Spalten der Importdatei',
  formatColumns: { header: 'Spalte', required: 'Pflicht', description: 'Inhalt' },
  yes: 'ja',
  no: 'nein',
  // The orders list's export.
  export: 'Exportieren (Excel)',
} as const;
