import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as sharedRouter from '../../../../common/react-router-dom.shared';

// Guards of the shared-module setup in frontends/common/webpack.common.mjs, over every app's sources.
const ROOT = path.resolve(__dirname, '../../../../..');
const SOURCE_DIRS = ['frontends', 'libs/ui/src', 'libs/api-client/src'].map((d) => path.join(ROOT, d));

function sources(): Array<{ file: string; text: string }> {
  const out: Array<{ file: string; text: string }> = [];
  const visit = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (!['node_modules', 'dist'].includes(e.name)) visit(p);
      } else if (/\.tsx?$/.test(e.name) && !/\.spec\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts')) {
        out.push({ file: path.relative(ROOT, p), text: readFileSync(p, 'utf8') });
      }
    }
  };
  SOURCE_DIRS.forEach(visit);
  return out;
}

/** Value (non-type) names imported from a module specifier. */
function importedValues(text: string, specifier: string): string[] {
  const re = new RegExp(`import\\s+(type\\s+)?\\{([^}]*)\\}\\s+from\\s+'${specifier.replace(/[/]/g, '\\/')}'`, 'g');
  const names: string[] = [];
  for (const m of text.matchAll(re)) {
    if (m[1]) continue;
    for (const spec of m[2]!.split(',').map((s) => s.trim()).filter(Boolean)) {
      if (!spec.startsWith('type ')) names.push(spec.split(/\s+as\s+/)[0]!);
    }
  }
  return names;
}

describe('shared modules', () => {
  const files = sources();

  it('finds the sources', () => {
    expect(files.length).toBeGreaterThan(50);
  });

  it('every react-router-dom name the apps use is in the shared router module', () => {
    const missing = files.flatMap(({ file, text }) =>
      importedValues(text, 'react-router-dom')
        .filter((name) => !(name in sharedRouter))
        .map((name) => `${file}: ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it('nobody imports the @mui/material barrel or react-router directly (neither is shared)', () => {
    const offenders = files.filter(({ text }) => /from\s+'(@mui\/material|react-router)'/.test(text)).map((f) => f.file);
    expect(offenders).toEqual(['frontends/common/react-router-dom.shared.ts']);
  });
});
