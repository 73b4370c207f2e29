/**
 * Invoices (/api/invoices, /api/invoice/list, profile tab "Rechnungen"): the monthly billing run's
 * invoices and credit notes, their proof lists (the billed homes and practices) and the German
 * texts of every outcome. Money is integer cents everywhere.
 */

/** Who an invoice is addressed to: the pharmacy, a care home or a doctor (the invoice's `role`). */
export const INVOICE_ROLES = ['pharma', 'homes', 'doctors'] as const;
export type InvoiceRole = (typeof INVOICE_ROLES)[number];

export const INVOICE_ROLE_LABELS: Record<InvoiceRole, string> = { pharma: 'Apotheke', homes: 'Pflegeeinrichtung', doctors: 'Arzt' };

/**
 * Stored states of an invoice: unread (issued, nobody opened it yet), open (downloaded or set back
 * to open), pending (handed to the bank for collection), paid, canceled (a credit note cancels it;
 * a credit note itself is canceled from the start). `payed` is an old spelling of paid that clients
 * may still send or show.
 */
export const INVOICE_STATUSES = ['unread', 'open', 'pending', 'paid', 'canceled'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const INVOICE_STATUS_TEXTS = { paid: 'bezahlt', canceled: 'storniert', due: 'zu bezahlen' } as const;

/** paid or payed shows 'bezahlt'; canceled 'storniert'; open, unread, pending 'zu bezahlen'. */
export function invoiceStatusText(status: InvoiceStatus | 'payed' | string): string {
  if (status === 'paid' || status === 'payed') return INVOICE_STATUS_TEXTS.paid;
  if (status === 'canceled') return INVOICE_STATUS_TEXTS.canceled;
  return INVOICE_STATUS_TEXTS.due;
}

/** The paid toggle: paid goes back to open, anything else becomes paid. */
export function toggledInvoiceStatus(status: InvoiceStatus | 'payed' | string): 'paid' | 'open' {
  return status === 'paid' || status === 'payed' ? 'open' : 'paid';
}

/** VAT rate of every invoice, in percent. */
export const INVOICE_VAT_PERCENT = 19;
/** Days from the invoice date to its due date. */
export const INVOICE_PAYMENT_DAYS = 14;

/** `RE-2026-000123`: prefix, year of the invoice date, six digits counted without gaps per year. */
export const INVOICE_NUMBER_PATTERN = /^RE-(\d{4})-(\d{6})$/;

export function invoiceNumber(year: number, seq: number): string {
  return `RE-${year}-${String(seq).padStart(6, '0')}`;
}

/** A billing month as the run takes it. */
export const INVOICE_MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** One row of an invoice's proof list: a home, practice or the pharmacy whose contract it bills. */
export interface InvoiceProofDto {
  /** `_id` of the invoice the row belongs to. */
  invoice: string;
  /** The customer number of the billed party. */
  debtor: string;
  role: InvoiceRole;
  withLogin: boolean;
  name: string;
  /** Cents billed for this party on the invoice. */
  price: number;
  /** ISO timestamp: the last change of the billed contract. */
  modifiedAt: string;
}

/** An invoice or credit note linked to another one. */
export interface InvoiceLinkDto {
  _id: string;
  number: string;
}

export interface InvoiceDto {
  _id: string;
  /** RE-YYYY-NNNNNN */
  number: string;
  /** The file name of its PDF (what `path` of the download names). */
  path: string;
  /** The debtor's name. */
  name: string;
  /** The debtor's customer number. */
  debtor: string;
  role: InvoiceRole;
  /** A billed contract includes the portal login. */
  withLogin: boolean;
  /** Gross amount in cents (negative on a credit note). */
  price: number;
  net: number;
  vat: number;
  status: InvoiceStatus;
  /** 'bezahlt', 'storniert' or 'zu bezahlen'. */
  statusText: string;
  /** The billed month, YYYY-MM. */
  month: string;
  /** DD.MM.YYYY */
  invoiceDate: string;
  dueDate: string;
  createdAt: string;
  modifiedAt: string;
  /** This is a credit note (it cancels `cancels`); shown as canceled with INVOICE_MESSAGES.creditNote. */
  creditNote: boolean;
  /** On a credit note: the invoice it cancels. */
  cancels: InvoiceLinkDto | null;
  /** On a canceled invoice: its credit note. */
  canceledBy: InvoiceLinkDto | null;
  /** ISO timestamp of the first download, null while unread. */
  downloadedAt: string | null;
  /** The debtor had an active SEPA mandate when the invoice was issued (collected by direct debit). */
  directDebit: boolean;
  /** With `type=1`: the invoice's proof list. */
  proofs?: InvoiceProofDto[];
}

export interface InvoiceListResponse {
  data: InvoiceDto[];
  count: number;
}

export interface InvoiceProofListResponse {
  data: InvoiceProofDto[];
  count: number;
}

/**
 * PUT /api/invoices: `change_status` with `data` paid or open, or `cancel` (a credit note cancels
 * the invoice; it is never deleted). `path` may name the invoice's file, as older clients send it.
 */
export interface InvoiceUpdateRequest {
  id: string;
  path?: string;
  action: 'change_status' | 'cancel';
  data?: 'paid' | 'open';
}

export interface InvoiceUpdateResponse {
  success: true;
  _id: string;
  status: InvoiceStatus;
  message: string;
  /** After `cancel`: the credit note. */
  creditNote?: InvoiceLinkDto;
}

/** POST /api/invoices/run */
export interface InvoiceRunRequest {
  month: string;
}

export interface InvoiceRunResponse {
  success: true;
  month: string;
  /** Invoices this run created (0 when the month was billed already). */
  created: number;
  /** Their numbers, in order. */
  numbers: string[];
  /**
   * PDFs of these invoices being printed in the background after the answer. An invoice opened
   * before its turn is printed on the spot; one whose print fails is printed on its first download.
   */
  printing: number;
  message: string;
}

const MONTH_NAMES = ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'];

/** '2026-11' → 'November 2026'. */
export function monthLabel(month: string): string {
  const match = INVOICE_MONTH_PATTERN.exec(month);
  return match ? `${MONTH_NAMES[Number(match[2]) - 1]} ${match[1]}` : month;
}

export const INVOICE_MESSAGES = {
  /** Shown on a credit note (and as the reason of a canceled invoice). */
  creditNote: 'Diese Rechnung wurde storniert.',
  markedPaid: 'Die Rechnung wurde als bezahlt markiert.',
  markedOpen: 'Die Rechnung wurde als offen markiert.',
  canceled: (creditNote: string) => `Die Rechnung wurde storniert. Gutschrift ${creditNote} erstellt.`,
  statusOfCanceled: 'Eine stornierte Rechnung kann weder bezahlt noch wieder geöffnet werden.',
  alreadyCanceled: 'Die Rechnung ist bereits storniert.',
  creditNoteNotCancelable: 'Eine Gutschrift kann nicht storniert werden.',
  unknownAction: 'Unbekannte Aktion.',
  paymentState: 'Der Zahlstatus muss „paid“ oder „open“ sein.',
  invoiceId: 'Bitte geben Sie eine Rechnung an.',
  path: 'Ungültiger Dateiname.',
  month: 'Bitte geben Sie den Monat im Format JJJJ-MM an.',
  monthNotOver: 'Ein Monat kann erst nach seinem Ende abgerechnet werden.',
  runBusy: 'Eine Abrechnung läuft bereits. Bitte versuchen Sie es in einigen Minuten erneut.',
  runCreated: (n: number, month: string) => `${n === 1 ? 'Eine Rechnung' : `${n} Rechnungen`} für ${monthLabel(month)} erstellt. Die PDFs werden im Hintergrund erzeugt.`,
  runNothing: (month: string) => `Für ${monthLabel(month)} gibt es keine neuen Rechnungen.`,
  /** The billing run on the tab (invoice_run_view). */
  runTitle: 'Monatsabrechnung',
  runText: 'Erstellt die Rechnungen eines abgelaufenen Monats aus den gebuchten Verträgen und Optionen. Ein Monat, der schon abgerechnet ist, erhält keine neuen Rechnungen.',
  runMonth: 'Abrechnungsmonat',
  runButton: 'Abrechnung starten',
  runConfirmTitle: (month: string) => `Rechnungen für ${monthLabel(month)} erstellen?`,
  runConfirmText: 'Jeder Rechnungsempfänger erhält eine Rechnung mit fortlaufender Nummer. Die PDFs werden danach im Hintergrund erzeugt; eine Rechnung, die vorher geöffnet wird, wird sofort gedruckt.',
  runRunning: 'Die Abrechnung läuft …',
  /** Texts of the tab. */
  listLabel: 'Rechnungen',
  empty: 'Keine Rechnungen vorhanden.',
  download: 'Herunterladen',
  downloadFailed: 'Die Rechnung konnte nicht heruntergeladen werden.',
  markPaid: 'Als bezahlt markieren',
  markOpen: 'Als offen markieren',
  cancel: 'Stornieren',
  confirmCancelTitle: (number: string) => `Rechnung ${number} stornieren?`,
  confirmCancelText: (amount: string) =>
    `Eine Gutschrift über ${amount} mit eigener Nummer hebt die Rechnung auf. Die Rechnung bleibt erhalten und wird als storniert gezeigt; das lässt sich nicht rückgängig machen.`,
  proofs: 'Nachweis',
  showProofs: 'Nachweis anzeigen',
  hideProofs: 'Nachweis ausblenden',
  noProofs: 'Kein Nachweis vorhanden.',
  unread: 'neu',
  directDebit: 'per Lastschrift',
  columns: {
    number: 'Rechnungsnummer',
    month: 'Zeitraum',
    name: 'Rechnungsempfänger',
    debtor: 'Debitor',
    role: 'Rolle',
    withLogin: 'Mit Login',
    price: 'Betrag',
    status: 'Status',
    date: 'Rechnungsdatum',
    dueDate: 'Fällig am',
    modifiedAt: 'Geändert',
    proofName: 'Name',
    proofPrice: 'Preis',
  },
  yes: 'ja',
  no: 'nein',
} as const;
