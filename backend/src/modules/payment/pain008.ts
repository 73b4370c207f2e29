import type { SequenceType } from '@mediport/contracts/payment';

/** The namespace of ISO 20022 pain.008.001.08 (CustomerDirectDebitInitiationV08). */
export const PAIN008_NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:pain.008.001.08';

export interface Pain008Creditor {
  name: string;
  iban: string;
  /** Empty: the bank is named by IBAN only (FinInstnId/Othr/Id NOTPROVIDED). */
  bic: string;
  /** SEPA creditor identifier. */
  creditorId: string;
}

export interface Pain008Transaction {
  /** End-to-end reference: the invoice number. */
  endToEndId: string;
  amountCents: number;
  mandateId: string;
  /** Signing date YYYY-MM-DD. */
  signedOn: string;
  debtorName: string;
  debtorIban: string;
  debtorBic: string;
  remittance: string;
  sequenceType: SequenceType;
  /** Requested collection date YYYY-MM-DD. */
  collectionDate: string;
}

export interface Pain008Message {
  messageId: string;
  createdAt: Date;
  creditor: Pain008Creditor;
  transactions: Pain008Transaction[];
}

/** Text content and attribute values: the five XML special characters escaped, control characters dropped. */
export function xmlEscape(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Cents as the schema's decimal amount: 7021 → "70.21". */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A Max140Text / Max35Text value: trimmed and cut to its length (by characters, never inside a surrogate pair). */
function max(text: string, length: number): string {
  return [...text.trim()].slice(0, length).join('');
}

const BERLIN_TIME = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });

/** ISODateTime in German local time without a zone, as the German banks' guidelines show it: 2026-04-02T10:15:00. */
function isoLocal(at: Date): string {
  return BERLIN_TIME.format(at).replace(' ', 'T');
}

const sum = (list: Pain008Transaction[]) => list.reduce((n, t) => n + t.amountCents, 0);

function agent(bic: string): string {
  return bic ? `<FinInstnId><BICFI>${xmlEscape(bic)}</BICFI></FinInstnId>` : '<FinInstnId><Othr><Id>NOTPROVIDED</Id></Othr></FinInstnId>';
}

/**
 * A pain.008.001.08 direct-debit initiation (SEPA Core): one payment information block per
 * sequence type (FRST, RCUR) and collection date, each with its number of transactions and
 * control sum, and both once more for the whole message in the group header.
 */
export function buildPain008(message: Pain008Message): string {
  const { creditor, transactions } = message;
  const groups = new Map<string, Pain008Transaction[]>();
  for (const t of transactions) {
    const key = `${t.sequenceType}|${t.collectionDate}`;
    groups.set(key, [...(groups.get(key) ?? []), t]);
  }
  const out: string[] = [];
  out.push('<?xml version="1.0" encoding="UTF-8"?>');
  out.push(`<Document xmlns="${PAIN008_NAMESPACE}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">`);
  out.push('<CstmrDrctDbtInitn>');
  out.push('<GrpHdr>');
  out.push(`<MsgId>${xmlEscape(max(message.messageId, 35))}</MsgId>`);
  out.push(`<CreDtTm>${isoLocal(message.createdAt)}</CreDtTm>`);
  out.push(`<NbOfTxs>${transactions.length}</NbOfTxs>`);
  out.push(`<CtrlSum>${centsToDecimal(sum(transactions))}</CtrlSum>`);
  out.push(`<InitgPty><Nm>${xmlEscape(max(creditor.name, 140))}</Nm></InitgPty>`);
  out.push('</GrpHdr>');
  let block = 0;
  for (const [key, list] of [...groups.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const [sequenceType, collectionDate] = key.split('|') as [SequenceType, string];
    block += 1;
    out.push('<PmtInf>');
    out.push(`<PmtInfId>${xmlEscape(max(`${message.messageId}-${block}`, 35))}</PmtInfId>`);
    out.push('<PmtMtd>DD</PmtMtd>');
    out.push('<BtchBookg>true</BtchBookg>');
    out.push(`<NbOfTxs>${list.length}</NbOfTxs>`);
    out.push(`<CtrlSum>${centsToDecimal(sum(list))}</CtrlSum>`);
    out.push(`<PmtTpInf><SvcLvl><Cd>SEPA</Cd></SvcLvl><LclInstrm><Cd>CORE</Cd></LclInstrm><SeqTp>${sequenceType}</SeqTp></PmtTpInf>`);
    out.push(`<ReqdColltnDt>${collectionDate}</ReqdColltnDt>`);
    out.push(`<Cdtr><Nm>${xmlEscape(max(creditor.name, 140))}</Nm></Cdtr>`);
    out.push(`<CdtrAcct><Id><IBAN>${xmlEscape(creditor.iban)}</IBAN></Id></CdtrAcct>`);
    out.push(`<CdtrAgt>${agent(creditor.bic)}</CdtrAgt>`);
    out.push('<ChrgBr>SLEV</ChrgBr>');
    out.push(`<CdtrSchmeId><Id><PrvtId><Othr><Id>${xmlEscape(creditor.creditorId)}</Id><SchmeNm><Prtry>SEPA</Prtry></SchmeNm></Othr></PrvtId></Id></CdtrSchmeId>`);
    for (const t of list) {
      out.push('<DrctDbtTxInf>');
      out.push(`<PmtId><EndToEndId>${xmlEscape(max(t.endToEndId, 35))}</EndToEndId></PmtId>`);
      out.push(`<InstdAmt Ccy="EUR">${centsToDecimal(t.amountCents)}</InstdAmt>`);
      out.push(`<DrctDbtTx><MndtRltdInf><MndtId>${xmlEscape(max(t.mandateId, 35))}</MndtId><DtOfSgntr>${t.signedOn}</DtOfSgntr></MndtRltdInf></DrctDbtTx>`);
      out.push(`<DbtrAgt>${agent(t.debtorBic)}</DbtrAgt>`);
      out.push(`<Dbtr><Nm>${xmlEscape(max(t.debtorName, 140))}</Nm></Dbtr>`);
      out.push(`<DbtrAcct><Id><IBAN>${xmlEscape(t.debtorIban)}</IBAN></Id></DbtrAcct>`);
      out.push(`<RmtInf><Ustrd>${xmlEscape(max(t.remittance, 140))}</Ustrd></RmtInf>`);
      out.push('</DrctDbtTxInf>');
    }
    out.push('</PmtInf>');
  }
  out.push('</CstmrDrctDbtInitn>');
  out.push('</Document>');
  return `${out.join('\n')}\n`;
}
