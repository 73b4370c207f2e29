import { optionsForText, searchTermOf } from './search-answer';

const fischer = { _id: 'p1', label: 'Fischer, Anneliese' };
const wolf = { _id: 'p2', label: 'Wolf, Walter' };

describe('optionsForText: a picker offers only rows of the text typed', () => {
  it('offers the rows of an answer for exactly the typed text (blanks around it do not count)', () => {
    expect(optionsForText(' Wolf ', { term: 'Wolf', rows: [wolf] })).toEqual({ options: [wolf], pending: false });
    expect(searchTermOf('  Wolf  ')).toBe('Wolf');
  });

  it.each([
    { title: 'the unfiltered answer while "Wolf" is being typed', text: 'Wolf', answer: { term: '', rows: [fischer, wolf] } },
    { title: 'a late answer for an older, shorter text', text: 'Wolf', answer: { term: 'Wo', rows: [wolf, { _id: 'p3', label: 'Wolter, Ida' }] } },
    { title: 'an answer for a longer text after a backspace', text: 'Wol', answer: { term: 'Wolf', rows: [wolf] } },
    { title: 'no answer at all yet', text: 'Wolf', answer: undefined },
    { title: 'a term that differs only in case', text: 'wolf', answer: { term: 'Wolf', rows: [wolf] } },
  ])('offers nothing and is pending for $title', ({ text, answer }) => {
    expect(optionsForText(text, answer)).toEqual({ options: [], pending: true });
  });

  it('offers an empty answer as empty, not pending (the picker says there are no matches)', () => {
    expect(optionsForText('Xyz', { term: 'Xyz', rows: [] })).toEqual({ options: [], pending: false });
  });
});
