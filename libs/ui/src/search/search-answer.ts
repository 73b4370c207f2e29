import { useDebouncedValue } from '../list/use-debounced-value.js';

/** The rows a server search answered, tagged with the term it was asked for. */
export interface SearchAnswer<T> {
  term: string;
  rows: T[];
}

/** The term a typed text is searched for: surrounding blanks do not count. */
export const searchTermOf = (text: string): string => text.trim();

/**
 * What a search-as-you-type picker may offer for the text in its field: the rows of an answer
 * given for exactly that text. While that answer is outstanding (typing not settled, request on
 * its way, or an older answer arriving late) it offers nothing and reports `pending`, so a key
 * press can never choose a row that belongs to text typed before.
 */
export function optionsForText<T>(text: string, answer: SearchAnswer<T> | undefined): { options: T[]; pending: boolean } {
  if (answer && answer.term === searchTermOf(text)) return { options: answer.rows, pending: false };
  return { options: [], pending: true };
}

/**
 * The term to ask the server for: the typed text once typing has settled for `delay` ms. Feed the
 * answer, tagged with this term, to `optionsForText` together with the text as typed now.
 */
export function useSearchTerm(text: string, delay: number): string {
  return useDebouncedValue(searchTermOf(text), delay);
}
