import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG } from '../../core/config/config.module.js';
import type { AppConfig } from '../../core/config/app-config.js';
import { PDF_TYPES, UPLOAD_MESSAGES } from '../../core/files/file-types.js';
import { FilesService } from '../../core/files/files.service.js';
import { UsersService } from '../users/users.service.js';
import { ProfileDocumentsRepository } from './profile-documents.repository.js';

export const DEMO_DOCUMENT_NAME = 'Nutzungsbedingungen.pdf';
const DEMO_DOCUMENT_USER = 'heim';

const TERMS: string[] = [
  '1. Geltungsbereich',
  'Diese Bedingungen gelten für die Nutzung des Medikationsportals durch Pflegeeinrichtungen,',
  'Arztpraxen, die Apotheke, ihre Fahrer und die Buchhaltung.',
  '',
  '2. Zugangsdaten',
  'Zugangsdaten sind persönlich und dürfen nicht weitergegeben werden. Ein Einmalpasswort',
  'muss bei der ersten Anmeldung geändert werden.',
  '',
  '3. Patientendaten',
  'Patientendaten werden nur zur Versorgung mit Arzneimitteln verarbeitet. Es gelten die',
  'Datenschutzhinweise des Portals und die Schweigepflicht aller Beteiligten.',
  '',
  '4. Anforderungen und Rezeptanforderungen',
  'Anforderungen sind vollständig und wahrheitsgemäß zu erfassen. Die Apotheke prüft jede',
  'Anforderung; eine Lieferung erfolgt erst nach Vorliegen einer gültigen Verordnung.',
  '',
  '5. Verfügbarkeit',
  'Das Portal wird mit größter Sorgfalt betrieben. Wartungsarbeiten werden rechtzeitig angekündigt.',
  '',
  'Bitte bestätigen Sie die Bedingungen mit "Akzeptieren" oder lehnen Sie sie mit "Ablehnen" ab.',
];

function pdfText(value: string): string {
  return value.replace(/[\\()]/g, (c) => `\\${c}`);
}

/**
 * A small, valid one-page PDF (Helvetica, WinAnsi so German umlauts print) built in code:
 * the demo needs a document without shipping or downloading binaries.
 */
export function buildTextPdf(title: string, lines: string[]): Buffer {
  const body = ['BT', '/F1 16 Tf', '56 780 Td', `(${pdfText(title)}) Tj`, '/F1 10 Tf', '0 -28 Td'];
  for (const line of lines) body.push(`(${pdfText(line)}) Tj`, '0 -15 Td');
  body.push('ET');
  const stream = body.join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
  ];
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((obj, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${obj}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/**
 * Demo data of the profile area: terms of use placed for the demo home user. Runs at boot only
 * with the demo flag on (auto-seed) and while no profile document exists at all.
 */
@Injectable()
export class ProfileSeeder implements OnApplicationBootstrap {
  private readonly logger = new Logger('ProfileSeed');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersService,
    private readonly files: FilesService,
    private readonly documents: ProfileDocumentsRepository,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.autoSeed) return;
    if ((await this.documents.countAll()) > 0) return;
    const user = await this.users.findByUsername(DEMO_DOCUMENT_USER);
    if (!user) return;
    const file = await this.files.save(buildTextPdf('Nutzungsbedingungen Medikationsportal', TERMS), {
      accept: PDF_TYPES,
      message: UPLOAD_MESSAGES.pdf,
      originalName: DEMO_DOCUMENT_NAME,
    });
    await this.documents.place(user.id, DEMO_DOCUMENT_NAME, file.id, null);
    this.logger.log(`Demo document "${DEMO_DOCUMENT_NAME}" placed for ${DEMO_DOCUMENT_USER}.`);
  }
}
