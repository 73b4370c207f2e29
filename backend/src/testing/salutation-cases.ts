/** The salutations the patient and doctor APIs take, and the form every read answers them in. */
export const ACCEPTED_SALUTATIONS = [
  { given: 'Herr', answered: 'Herr' },
  { given: 'Frau', answered: 'Frau' },
  { given: '', answered: '' },
  { given: 'mr', answered: 'Herr' },
  { given: 'mrs', answered: 'Frau' },
];

/** Salutations the patient and doctor APIs refuse with 400 on `salutation`. */
export const REFUSED_SALUTATIONS: { title: string; salutation: unknown }[] = [
  { title: 'lower-case herr', salutation: 'herr' },
  { title: 'Mrs with a capital', salutation: 'Mrs' },
  { title: 'a value outside the list', salutation: 'Divers' },
  { title: 'a leading space', salutation: ' Herr' },
  { title: 'a trailing space', salutation: 'Frau ' },
  { title: 'the label of the empty value', salutation: 'Nicht angegeben' },
  { title: 'a number', salutation: 2 },
  { title: 'null', salutation: null },
];
