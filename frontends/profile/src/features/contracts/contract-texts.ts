import { CONTRACT_STATE_LABELS, type ContractDto, type PackageType } from '@mediport/contracts/shop';

/** German texts of the contracts tab (the outcomes' messages come from the server, CONTRACT_MESSAGES). */
export const CONTRACT_TEXTS = {
  listLabel: 'Verträge',
  contract: (id: string) => `Vertrag ${id}`,
  ownPharmacy: 'Vertrag der Apotheke',
  state: 'Zustand',
  partner: 'Vertragspartner',
  payer: 'Zahlt',
  payers: { ROLE_PHARMA: 'Apotheke', ROLE_HOME: 'Pflegeeinrichtung', ROLE_DOCTOR: 'Arztpraxis' } as const,
  package: 'Paket',
  runtime: 'Laufzeit',
  term: 'Aktuelle Vertragslaufzeit',
  termValue: (from: string | null, to: string | null) => (from && to ? `${from} – ${to}` : 'beginnt mit der Bestätigung'),
  deadline: 'Kündbar bis',
  endsOn: 'Endet am',
  price: 'Preis pro Monat',
  pricePerUnit: (units: number) => `für ${units} ${units === 1 ? 'Einrichtung bzw. Dienst' : 'Einrichtungen bzw. Dienste'}`,
  optionsTotal: 'Optionen',
  withLogin: 'Zugang (Login)',
  yes: 'ja',
  no: 'nein',
  next: (from: string | null, pkg: string, runtime: string, price: string) => `Ab ${from ?? 'der nächsten Laufzeit'}: ${pkg}, ${runtime}, ${price} pro Monat.`,
  nextTitle: 'Vorgemerkte Vertragsänderung',
  options: 'Gebuchte Optionen',
  optionColumns: { title: 'Option', interval: 'Intervall', price: 'Preis', bookedAt: 'Gebucht am', validTo: 'Läuft bis', actions: 'Aktionen' },
  runsOn: 'läuft weiter',
  required: 'im Vertrag enthalten',
  cancelOption: 'Kündigen',
  revokeOption: 'Kündigung zurücknehmen',
  cancelOptionTitle: 'Option kündigen?',
  cancelOptionText: (title: string) => `„${title}“ wird zum Ende des laufenden Zeitraums gekündigt.`,
  revokeOptionTitle: 'Kündigung zurücknehmen?',
  revokeOptionText: (title: string) => `„${title}“ läuft dann weiter.`,
  // Who may act
  managersActing: (names: string) => `Änderungen und die Übernahme der Kosten beantragt die Leitung: ${names}.`,
  noManagers: 'Ihre Einrichtung bzw. Praxis hat noch keine Leitung (Manager) im Portal. Bitte wenden Sie sich an die Apotheke.',
  paidByPharmacy: 'Diesen Vertrag bezahlt zurzeit die Apotheke. Bestellungen sind möglich, sobald Ihre Einrichtung bzw. Praxis die Kosten übernommen hat und die Apotheke das bestätigt hat.',
  requestPending: {
    partner: 'Die Kostenübernahme wurde angefragt und wartet auf die Bestätigung der Apotheke.',
    pharma: 'Die Apotheke bittet um die Übernahme der Kosten. Die Leitung der Einrichtung bzw. Praxis kann sie bestätigen oder ablehnen.',
  },
  waiting: 'Dieser Vertrag wartet auf die Bestätigung der Kostenübernahme.',
  adopted: 'Die Kosten dieses Vertrags hat der Vertragspartner übernommen.',
  canceledInfo: (date: string | null) => `Der Vertrag ist gekündigt${date ? ` und endet am ${date}` : ''}.`,
  // Actions
  takeOver: 'Vertrag übernehmen',
  askTakeOver: 'Kostenübernahme anfragen',
  takeOverTitle: 'Vertrag übernehmen?',
  takeOverText: (price: string) => `Ihre Einrichtung bzw. Praxis übernimmt die Kosten dieses Vertrags (${price} pro Monat). Die Apotheke wird informiert und muss die Übernahme bestätigen.`,
  askTakeOverTitle: 'Kostenübernahme anfragen?',
  askTakeOverText: (partner: string) => `${partner} wird gebeten, die Kosten dieses Vertrags zu übernehmen, und per E-Mail informiert.`,
  accept: 'Bestätigen',
  acceptTitle: 'Kostenübernahme bestätigen?',
  acceptText: 'Der Vertrag des Vertragspartners beginnt heute; die Kosten trägt von da an der Vertragspartner.',
  reject: 'Ablehnen',
  rejectTitle: 'Kostenübernahme ablehnen?',
  rejectText: 'Der Vertrag geht zurück an den Vertragspartner und bleibt, wie er ist.',
  withdraw: 'Anfrage zurückziehen',
  withdrawTitle: 'Kostenübernahme zurückziehen?',
  withdrawText: 'Die Anfrage wird zurückgezogen; der Vertrag bleibt, wie er ist.',
  changeRuntime: 'Paket und Laufzeit ändern',
  runtimeTitle: 'Paket und Laufzeit ändern',
  runtimeIntro: (from: string | null) => `Die Änderung gilt ab der nächsten Vertragslaufzeit${from ? ` (ab ${from})` : ''}.`,
  runtimeLegend: 'Laufzeit',
  packageLegend: 'Paket',
  save: 'Ändern',
  revert: 'Änderung zurücknehmen',
  revertTitle: 'Vertragsänderung zurücknehmen?',
  revertText: 'Der Vertrag läuft dann unverändert weiter.',
  cancel: 'Vertrag kündigen',
  cancelTitle: 'Vertrag kündigen?',
  cancelText: (deadline: string | null, end: string | null) =>
    deadline ? `Der Vertrag wird zum nächstmöglichen Termin gekündigt: bis ${deadline} zum ${end}, danach zum Ende der folgenden Laufzeit.` : 'Der Vertrag wird zum nächstmöglichen Termin gekündigt.',
  confirmCancel: 'Kündigen',
  abort: 'Abbrechen',
  // Shop
  shop: 'Shop',
  shopIntro: 'Buchen Sie Optionen zu Ihrem Vertrag. Einmalige Optionen können einmal gebucht werden.',
  addToCart: 'In den Warenkorb',
  inCart: 'Im Warenkorb',
  booked: 'Bereits gebucht',
  cart: 'Warenkorb',
  emptyCart: 'Der Warenkorb ist leer.',
  remove: (title: string) => `${title} entfernen`,
  total: 'Summe',
  checkout: 'Jetzt buchen',
  checkoutTitle: 'Optionen verbindlich buchen?',
  checkoutText: (count: number, total: string) => `${count} ${count === 1 ? 'Option' : 'Optionen'} für zusammen ${total} werden zu Ihrem Vertrag gebucht.`,
  book: 'Buchen',
} as const;

export const PACKAGE_TITLES: Record<PackageType, string> = { basic: 'Basis', premium: 'Full Service', unlimited: 'Unlimited' };

/** The heading of a contract: the partner, or the pharmacy's own contract. */
export function contractTitle(contract: ContractDto): string {
  return contract.partnerName || CONTRACT_TEXTS.ownPharmacy;
}

export function stateLabel(contract: ContractDto): string {
  return CONTRACT_STATE_LABELS[contract.state];
}
