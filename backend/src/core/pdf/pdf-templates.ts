import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Handlebars from 'handlebars';
import { findRepoRoot } from '../config/paths.js';
import { formatDateTime, PDF_HELPERS } from './pdf-helpers.js';
import type { PdfFonts } from './pdf-fonts.js';

/**
 * The templates folder, read from the source tree in every mode (Jest from src/, the compiled
 * backend in dist/, the benchmarks): tsc copies no .hbs files, and one folder means an edited
 * template can never be shadowed by a stale copy. Like the migrations (backend/drizzle), a
 * deployment ships this folder beside dist/.
 */
export const PDF_TEMPLATES_DIR = path.join(findRepoRoot(), 'backend', 'src', 'core', 'pdf', 'templates');

/** Template names are file names of the folder: lower-case words with dashes, never a path. */
const TEMPLATE_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export interface DocumentOptions {
  /** The document's title: `<title>` and the PDF's metadata; `{{@title}}` in the template. */
  title?: string;
}

/**
 * Handlebars templates from disk, compiled once each, rendered inside `layout.hbs`. A template
 * writes only the body; it reads its data as the context and `{{@title}}`, `{{@printedAt}}`
 * (DD.MM.YYYY HH:mm, Europe/Berlin) as data variables. Values are escaped (`{{ }}`); the
 * triple-stash is for the layout's own trusted parts only, never for data.
 */
export class PdfTemplates {
  private readonly hbs = Handlebars.create();
  private readonly compiled = new Map<string, Handlebars.TemplateDelegate>();

  /** `dirs` are searched in order; the first holds layout.hbs. */
  constructor(
    private readonly dirs: readonly string[],
    private readonly fonts: PdfFonts,
  ) {
    for (const [name, helper] of Object.entries(PDF_HELPERS)) this.hbs.registerHelper(name, helper);
  }

  /** The complete HTML document of `template` with `data`, as it will be printed. */
  document(template: string, data: object, options: DocumentOptions = {}): string {
    const title = options.title ?? '';
    const printedAt = formatDateTime(new Date());
    const body = this.template(template)(data, { data: { title, printedAt } });
    return this.template('layout')({ title, body, fontFaces: this.fonts.css }, { data: { title, printedAt } });
  }

  private template(name: string): Handlebars.TemplateDelegate {
    const cached = this.compiled.get(name);
    if (cached) return cached;
    if (!TEMPLATE_NAME.test(name)) throw new Error(`Invalid PDF template name "${name}"`);
    const file = this.dirs.map((dir) => path.join(dir, `${name}.hbs`)).find((candidate) => existsSync(candidate));
    if (!file) throw new Error(`PDF template "${name}" not found in ${this.dirs.join(', ')}`);
    // Not strict: DTOs leave optional fields out, and a missing field prints as an empty cell.
    const compiled = this.hbs.compile(readFileSync(file, 'utf8'), { preventIndent: true });
    this.compiled.set(name, compiled);
    return compiled;
  }
}
