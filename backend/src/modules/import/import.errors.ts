import type { ApiErrorCode } from '@mediport/contracts';
import { IMPORT_MESSAGES, type ImportProblem, importProblemText } from '@mediport/contracts/import';
import { AppError } from '../../core/errors/app-error.js';

/** A refusal of the file as a whole: 400 (bad content), 413 (too large) or 415 (not a spreadsheet). */
export function fileError(status: 400 | 413 | 415, message: string, code: ApiErrorCode = 'invalid'): AppError {
  return new AppError(status, [{ path: 'file', code, message }]);
}

/** At most this many problems in a refused import's answer (the preview lists more). */
const ANSWERED_PROBLEMS = 50;

/** The import's refusal: each problem as "Zeile 17, Spalte Geburtsdatum: …" (400; nothing was written). */
export function problemsError(problems: readonly ImportProblem[], total = problems.length): AppError {
  const shown = problems.slice(0, ANSWERED_PROBLEMS).map((p) => ({ path: 'file', code: 'invalid' as const, message: importProblemText(p) }));
  const more = total - shown.length;
  if (more > 0) shown.push({ path: 'file', code: 'invalid' as const, message: IMPORT_MESSAGES.moreProblems(more) });
  return AppError.badRequest(shown);
}
