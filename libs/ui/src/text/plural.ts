/** German noun forms for the one/other plural categories; `dative` where the phrase asks for it ("in 6 Tagen"). */
export interface NounForms {
  one: string;
  other: string;
}

export type GermanCase = 'nominative' | 'dative';

/** The nouns the suite counts, in the cases its sentences need. */
export const NOUNS = {
  day: { nominative: { one: 'Tag', other: 'Tage' }, dative: { one: 'Tag', other: 'Tagen' } },
  hour: { nominative: { one: 'Stunde', other: 'Stunden' }, dative: { one: 'Stunde', other: 'Stunden' } },
  minute: { nominative: { one: 'Minute', other: 'Minuten' }, dative: { one: 'Minute', other: 'Minuten' } },
  role: { nominative: { one: 'Rolle', other: 'Rollen' }, dative: { one: 'Rolle', other: 'Rollen' } },
  entry: { nominative: { one: 'Eintrag', other: 'Einträge' }, dative: { one: 'Eintrag', other: 'Einträgen' } },
  user: { nominative: { one: 'Nutzer', other: 'Nutzer' }, dative: { one: 'Nutzer', other: 'Nutzern' } },
} as const satisfies Record<string, Record<GermanCase, NounForms>>;

export type CountedNoun = keyof typeof NOUNS;

const rules = new Intl.PluralRules('de-DE');

/** The form of `forms` that goes with `count` under German plural rules (1 → one, everything else → other). */
export function pluralForm(count: number, forms: NounForms): string {
  return rules.select(count) === 'one' ? forms.one : forms.other;
}

/**
 * "6 Tage", "1 Tag", "in 6 Tagen" (with `dative`): the count and the matching German noun form.
 * The one formatter for counted nouns, so no screen writes "6 Tage" where "6 Tagen" is meant.
 */
export function formatCount(count: number, noun: CountedNoun | NounForms, grammaticalCase: GermanCase = 'nominative'): string {
  const forms = typeof noun === 'string' ? NOUNS[noun][grammaticalCase] : noun;
  return `${count} ${pluralForm(count, forms)}`;
}
