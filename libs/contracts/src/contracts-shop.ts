/**
 * Contracts and the shop (/api/contracts, /api/products, profile tab "Verträge"): the contract of
 * the package model (version 3), its booked options, the shop's products and the German texts of
 * every outcome. Money is in integer cents everywhere; `formatCents` shows it as "59,00 €".
 */

/** Contract states: new (a takeover waiting for its answer), booked, a takeover asked for by the
 * partner (home or practice) or by the pharmacy, adoption (the partner pays now), canceled. */
export const CONTRACT_STATES = ['new', 'booked', 'adoption_request', 'adoption_request_pharma', 'adoption', 'canceled'] as const;
export type ContractState = (typeof CONTRACT_STATES)[number];

export const CONTRACT_STATE_LABELS: Record<ContractState, string> = {
  new: 'Neu (wartet auf Bestätigung)',
  booked: 'Gebucht',
  adoption_request: 'Kostenübernahme angefragt',
  adoption_request_pharma: 'Kostenübernahme durch die Apotheke angefragt',
  adoption: 'Kosten übernommen',
  canceled: 'Gekündigt',
};

export const CONTRACT_RUNTIMES = ['month', 'year'] as const;
export type ContractRuntime = (typeof CONTRACT_RUNTIMES)[number];
export const CONTRACT_RUNTIME_LABELS: Record<ContractRuntime, string> = { month: 'Monatlich', year: 'Jährlich' };

export const PACKAGE_TYPES = ['basic', 'premium', 'unlimited'] as const;
export type PackageType = (typeof PACKAGE_TYPES)[number];

/** Who pays a contract: the pharmacy, a care home or a practice (its doctor). */
export const CONTRACT_TYPES = ['ROLE_PHARMA', 'ROLE_HOME', 'ROLE_DOCTOR'] as const;
export type ContractType = (typeof CONTRACT_TYPES)[number];

export const OPTION_INTERVALS = ['once', '1 month', '12 months'] as const;
export type OptionInterval = (typeof OPTION_INTERVALS)[number];
export const OPTION_INTERVAL_LABELS: Record<OptionInterval, string> = { once: 'einmalig', '1 month': 'monatlich', '12 months': 'jährlich' };

/** Which shop a contract books from: the pharmacy's and care homes' ('office') or a practice's ('doctor'). */
export const PRODUCT_CATALOGUES = ['office', 'doctor'] as const;
export type ProductCatalogue = (typeof PRODUCT_CATALOGUES)[number];

/** The packages of the package chooser, price per month in cents. */
export interface PackageOffer {
  type: PackageType;
  title: string;
  /** Cents per month: per care home or service (`perUnit`), or for the whole contract. */
  price: number;
  perUnit: boolean;
  description: string;
}

export const PACKAGES: readonly PackageOffer[] = [
  { type: 'basic', title: 'Basis', price: 5900, perUnit: true, description: 'pro Pflegeeinrichtung bzw. Dienst und Monat' },
  { type: 'premium', title: 'Full Service', price: 8900, perUnit: true, description: 'pro Pflegeeinrichtung bzw. Dienst und Monat' },
  { type: 'unlimited', title: 'Unlimited', price: 49900, perUnit: false, description: 'für unbegrenzt viele Pflegeeinrichtungen, pro Monat' },
];

/** A practice's contract: 10 € per month on an annual term. */
export const PRACTICE_CONTRACT = { price: 1000, runtime: 'year' as ContractRuntime, type: 'basic' as PackageType };

/** Unlimited is not offered on a care home's contract; a practice has its one package. */
export function packagesFor(contract: { home: string | null; doctor: string | null }): readonly PackageOffer[] {
  if (contract.doctor) return PACKAGES.filter((p) => p.type === 'basic');
  if (contract.home) return PACKAGES.filter((p) => p.type !== 'unlimited');
  return PACKAGES;
}

/** A product of the shop (GET /api/products/office | doctor). */
export interface ShopProductDto {
  name: string;
  catalogue: ProductCatalogue;
  title: string;
  shopTitle: string;
  description: string;
  /** Cents per interval (once: the one payment). */
  price: number;
  priceFormula: string;
  interval: OptionInterval;
  /** Part of every contract of its catalogue; cannot be cancelled on its own. */
  required: boolean;
}

/**
 * The options that keep a home's or a practice's backup archives for 10 years instead of 12
 * months. Archives exist only for homes and practices, so they are offered on the contract of a
 * home or a doctor (whoever pays it), never on the pharmacy's own contract.
 */
export const ARCHIVE_OPTIONS: readonly string[] = ['backup-archiv', 'backup-archiv-praxis'];

/** Whether `product` can be booked on `contract`: its catalogue, and an archive option only where archives exist. */
export function productOffered(product: Pick<ShopProductDto, 'name' | 'catalogue'>, contract: { catalogue: ProductCatalogue; home: string | null; doctor: string | null }): boolean {
  if (product.catalogue !== contract.catalogue) return false;
  return !ARCHIVE_OPTIONS.includes(product.name) || contract.home !== null || contract.doctor !== null;
}

/** A booked option of a contract. */
export interface ContractOptionItemDto {
  _id: string;
  /** The shop product it was booked from. */
  product: string;
  title: string;
  shopTitle: string;
  /** ISO timestamp. */
  bookedAt: string;
  interval: OptionInterval;
  price: number;
  /** DD.MM.YYYY: cancelled, runs until then; null while it runs on. */
  validTo: string | null;
  required: boolean;
  priceFormula: string;
  description: string;
}

/** What the caller may do with a contract right now (the server's state machine, per caller). */
export interface ContractActions {
  /** Shop: book options, cancel or take back the cancellation of one. */
  shop: boolean;
  runtimeChange: boolean;
  revert: boolean;
  cancel: boolean;
  /** Ask the other party to take the costs over ('Vertrag übernehmen' / costs-takeover request). */
  requestAdoption: boolean;
  accept: boolean;
  reject: boolean;
  withdraw: boolean;
}

/** The term change waiting for the next term. */
export interface NextContractDto {
  product: { runtime: ContractRuntime; type: PackageType };
  /** DD.MM.YYYY: first and last day of the term the change applies to. */
  validFrom: string | null;
  validTo: string | null;
  /** Cents per month of the package from then on. */
  basePrice: number;
}

export interface ContractDto {
  /** `{contractId}_{debtorId}` */
  _id: string;
  contractId: string;
  debtorId: string;
  company: string;
  /** 3: the package model. */
  version: number;
  state: ContractState;
  type: ContractType;
  product: { runtime: ContractRuntime; type: PackageType };
  /** Same as product.runtime (older clients read it here). */
  runtime: ContractRuntime;
  /** DD.MM.YYYY of the current term (null while a takeover waits for its answer). */
  validFrom: string | null;
  validTo: string | null;
  /** DD.MM.YYYY: the last day on which a cancellation ends the contract with the current term. */
  cancellationDeadline: string | null;
  /** ISO timestamp of the cancellation. */
  canceledAt: string | null;
  withLogin: boolean;
  /** The home or practice pays (has taken the costs over). */
  assumptionOfCosts: boolean;
  /** The caller's side pays this contract (only then the shop is open). */
  ownContract: boolean;
  /** The partner of the contract (ids) and its name. */
  home: string | null;
  doctor: string | null;
  partnerName: string;
  /** Which shop applies. */
  catalogue: ProductCatalogue;
  /** Homes / services the package price counts. */
  units: number;
  /** Cents per month of the package. */
  basePrice: number;
  /** Cents: sum of the prices of the options running on (not ended). */
  optionPrice: number;
  invoice: { sub: { base: number } };
  items: ContractOptionItemDto[];
  nextContract: NextContractDto | null;
  /** `_id` of the contract this one took over (set on the partner's contract). */
  prevContract: string | null;
  /** `_id` of the counterpart of a takeover. */
  contractRef: string | null;
  /** Names of the partner's managers (who may ask for or answer a takeover on its side). */
  managers: string[];
  actions: ContractActions;
}

/** GET /api/contracts: the caller's contracts and the products they may book. */
export interface ContractListResponse {
  data: ContractDto[];
  count: number;
  possibleOptions: ShopProductDto[];
}

/** One option change of PUT /api/contracts/{id}: book a product, cancel or revoke (take back the cancellation of) a booked option. */
export interface ContractOptionChange {
  action: 'book' | 'cancel' | 'revoke';
  /** book: the product's name; cancel / revoke: the option's `_id`. */
  _id: string;
}

/**
 * Body of PUT /api/contracts/{id}: `options` (all of one action), or `action` runtime_change with
 * `product`, revert_contract, cancel_contract, or `change: {contract: 'canceled'}` (the same as
 * cancel_contract). `idempotencyKey`: a repeated request with the same key is answered once.
 */
export interface ContractUpdateRequest {
  options?: ContractOptionChange[];
  action?: 'runtime_change' | 'revert_contract' | 'cancel_contract';
  product?: { runtime: ContractRuntime; type: PackageType };
  change?: { contract: 'canceled' };
  idempotencyKey?: string;
}

export interface ContractActionResponse {
  success: true;
  message: string;
  contract: ContractDto;
}

/** Body of POST /api/contracts/{id}/adoption and the adoption answers (all optional). */
export interface ContractAdoptionRequest {
  idempotencyKey?: string;
}

/** Answer of POST /api/contracts/{id}/adoption: the new contract of the partner, waiting for its answer. */
export interface ContractAdoptionResponse {
  success: true;
  message: string;
  /** `_id` of the partner's new contract. */
  id: string;
  contract: ContractDto;
}

/** Why a takeover cannot be asked for: the other party has no manager, or no e-mail address. */
export type AdoptionRefusal = 'missing_manager' | 'missing_email';

export const CONTRACT_MESSAGES = {
  optionsBooked: 'Ihre Optionen wurden erfolgreich gebucht, vielen Dank.',
  optionsNotBooked: 'Ihre Optionen konnten nicht gebucht werden.',
  optionCanceled: 'Ihre Option wurden erfolgreich gekündigt.',
  optionsNotCanceled: 'Ihre Optionen konnten nicht gekündigt werden.',
  optionRevoked: 'Ihre Kündigung der Option wurden erfolgreich zurückgenommen.',
  optionNotRevoked: 'Die Kündigung der Option konnte nicht zurückgenommen werden.',
  accepted: 'Der Vertrag wurde erfolgreich bestätigt und aktiviert.',
  notAccepted: 'Der Vertrag konnte nicht bestätigt werden.',
  withdrawn: 'Die Kostenübernahme wurde zurückgezogen.',
  notWithdrawn: 'Die Kostenübernahme konnte nicht zurückgezogen werden.',
  rejected: 'Die Vertragsübernahme wurde abgelehnt. Der Vertrag ist zurück an den Vertragspartner gegangen.',
  notRejected: 'Die Vertragsübernahme konnte nicht abgelehnt werden.',
  requested: 'Die Kostenübernahme wurde angefragt.',
  notRequested: 'Die Kostenübernahme konnte nicht angefragt werden.',
  cannotInform: 'Die Kostenübernahme konnte nicht angefragt werden, da die andere Partei nicht informiert werden kann.',
  runtimeChanged: 'Laufzeit des Vertrages wurde geändert.',
  runtimeNotChanged: 'Die Laufzeit des Vertrages konnte nicht geändert werden.',
  reverted: 'Vertragsänderung wurde zurückgenommen',
  notReverted: 'Die Vertragsänderung konnte nicht zurückgenommen werden.',
  canceled: 'Vertrag wurde zum nächstmöglichen Termin gekündigt.',
  notCanceled: 'Der Vertrag konnte nicht gekündigt werden.',
  /** Details appended to a refusal. */
  stateNotBooked: 'Der Vertrag ist nicht im Zustand „Gebucht“.',
  changePending: 'Eine Vertragsänderung ist vorgemerkt. Bitte nehmen Sie sie zuerst zurück.',
  noChangePending: 'Es ist keine Vertragsänderung vorgemerkt.',
  notOwnContract: 'Diesen Vertrag bezahlt die andere Partei; nur sie kann ihn ändern.',
  noLogin: 'Der Vertrag enthält keinen Zugang (Login).',
  noRequestPending: 'Es liegt keine Anfrage zur Kostenübernahme vor.',
  otherSideAnswers: 'Die Anfrage beantwortet die andere Partei.',
  otherSideWithdraws: 'Nur wer die Kostenübernahme angefragt hat, kann sie zurückziehen.',
  noPartner: 'Der Vertrag gehört zu keiner Pflegeeinrichtung und keiner Arztpraxis.',
  sameProduct: 'Der Vertrag hat bereits diese Laufzeit und dieses Paket.',
  packageNotOffered: 'Dieses Paket ist für diesen Vertrag nicht verfügbar.',
  unknownProduct: 'Diese Option gibt es nicht.',
  unknownOption: 'Diese Option ist nicht gebucht.',
  onceBooked: 'Diese Option kann nur einmal gebucht werden.',
  requiredOption: 'Diese Option gehört fest zum Vertrag.',
  onceNotCancelable: 'Eine einmalige Option kann nicht gekündigt werden.',
  alreadyCanceled: 'Diese Option ist bereits gekündigt.',
  notCanceledOption: 'Diese Option ist nicht gekündigt.',
  wrongCatalogue: 'Diese Option gibt es für diesen Vertrag nicht.',
  mixedActions: 'Bitte buchen oder kündigen Sie Optionen getrennt.',
  noOptions: 'Bitte wählen Sie mindestens eine Option.',
  unknownAction: 'Unbekannte Aktion.',
  runtime: 'Die Laufzeit muss „month“ oder „year“ sein.',
  packageType: 'Das Paket muss „basic“, „premium“ oder „unlimited“ sein.',
  noContract: 'Vertrag nicht gefunden.',
  idempotencyKey: 'Ungültiger Schlüssel der Anfrage.',
  /** Answer of a cancellation: the end date. */
  endsOn: (date: string) => `Der Vertrag endet am ${date}.`,
  /** Empty states. */
  noOptionsBooked: 'Keine Optionen gebucht.',
  noData: 'Keine Daten',
} as const;

/** Integer cents as German euros: 5900 → "59,00 €" (no-break space before the sign). */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  const euros = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${sign}${euros},${String(abs % 100).padStart(2, '0')}\u00a0€`;
}

/** A customer number usable in a contract's `_id`; other customer numbers are replaced by a derived one. */
export const DEBTOR_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,59}$/;

/** `{contractId}_{debtorId}`: contract numbers are digits, the debtor number is the rest. */
export const CONTRACT_ID_PATTERN = /^(\d{1,9})_([A-Za-z0-9][A-Za-z0-9._-]{0,59})$/;
