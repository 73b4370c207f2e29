import { CATALOGUE } from '@mediport/permissions';
import { ROLE_LABELS, type Role } from '@mediport/contracts';

/** What the documentation card of one permission shows. */
export interface DokuEntry {
  name: string;
  label: string;
  area: string;
  section: string;
  url?: string;
  api?: string;
  hasOnlyOwn: boolean;
  canRequireContract: boolean;
}

/** The catalogue entry of a permission with its area and section, or null for an unknown name. */
export function findDokuEntry(name: string): DokuEntry | null {
  for (const group of CATALOGUE) {
    for (const section of group.sections) {
      for (const item of section.items as readonly { name: string; label: string; url?: string; api?: string; hasOnlyOwn?: boolean; canRequireContract?: boolean }[]) {
        if (item.name !== name) continue;
        return {
          name: item.name,
          label: item.label,
          area: group.label,
          section: section.label,
          url: item.url,
          api: item.api,
          hasOnlyOwn: !!item.hasOnlyOwn,
          canRequireContract: !!item.canRequireContract,
        };
      }
    }
  }
  return null;
}

/** XML-escapes text for SVG content and attributes. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

const WIDTH = 640;
const HEIGHT = 320;

/**
 * The documentation image of a permission (GET /api/acl/doku/{name}): a card with the area,
 * section, label, technical name, the page it guards, the API call it guards, the toggles it
 * offers and the roles that hold it by default. Pure SVG without scripts, links or external
 * references; every text is escaped.
 */
export function renderDokuSvg(entry: DokuEntry, holders: Role[]): string {
  const rows: [string, string][] = [
    ['Seite', entry.url ?? '–'],
    ['API', entry.api ?? '–'],
    ['Schalter', ['Zugriff', entry.hasOnlyOwn ? 'nur eigene' : '', 'nur Manager', entry.canRequireContract ? 'Vertrag (Heim, Arzt)' : ''].filter(Boolean).join(' · ')],
    ['Standard', holders.length ? holders.map((r) => ROLE_LABELS[r]).join(', ') : 'keine Rolle'],
  ];
  const text = (x: number, y: number, value: string, attrs: string) => `<text x="${x}" y="${y}" ${attrs}>${escapeXml(value)}</text>`;
  const body = rows
    .map(([key, value], i) => {
      const y = 182 + i * 30;
      return text(32, y, key, 'class="k"') + text(130, y, clip(value, 62), key === 'API' ? 'class="v m"' : 'class="v"');
    })
    .join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${escapeXml(`${entry.label} (${entry.name})`)}">`,
    '<style>text{font-family:Roboto,Helvetica,Arial,sans-serif;fill:#1f2933}.k{font-size:14px;fill:#5f6b76}.v{font-size:15px}.m{font-family:Menlo,Consolas,monospace;font-size:14px}.h{font-size:24px;font-weight:500}.a{font-size:13px;fill:#ffffff;letter-spacing:.04em}.n{font-family:Menlo,Consolas,monospace;font-size:14px;fill:#2a5d78}</style>',
    `<rect x="0.5" y="0.5" width="${WIDTH - 1}" height="${HEIGHT - 1}" rx="12" fill="#ffffff" stroke="#d5dde3"/>`,
    `<path d="M12 0.5h${WIDTH - 24}a11.5 11.5 0 0 1 11.5 11.5v32H0.5V12A11.5 11.5 0 0 1 12 0.5z" fill="#2a5d78"/>`,
    text(32, 28, clip(`${entry.area.toUpperCase()} · ${entry.section}`, 70), 'class="a"'),
    text(32, 92, clip(entry.label, 44), 'class="h"'),
    text(32, 122, clip(entry.name, 70), 'class="n"'),
    `<line x1="32" y1="146" x2="${WIDTH - 32}" y2="146" stroke="#e3e8ec"/>`,
    body,
    '</svg>',
  ].join('');
}
