import { readListUrl } from './list-url';

const CONFIG = { filters: { status: '', home: '' }, sortKeys: ['name', 'createdAt'], sort: 'name', pageSize: 25, pageSizes: [10, 25, 50] };
const read = (search: string) => readListUrl(new URLSearchParams(search), CONFIG);

describe('readListUrl: a list’s URL and the API query it stands for', () => {
  it('answers the defaults for an empty URL', () => {
    expect(read('')).toEqual({ page: 0, pageSize: 25, sort: 'name', filters: { text: '', status: '', home: '' }, filtered: false, query: { offset: 0, limit: 25, sort: 'name' } });
  });

  it('reads text, filters, sort, page and size', () => {
    const state = read('?text=Ber&status=new&sort=-createdAt&page=3&limit=10');
    expect(state).toMatchObject({ page: 2, pageSize: 10, sort: '-createdAt', filtered: true });
    expect(state.query).toEqual({ offset: 20, limit: 10, sort: '-createdAt', 'filter[text]': 'Ber', 'filter[status]': 'new' });
  });

  it('falls back on what the list does not accept: unknown sort keys, page sizes, pages, filters', () => {
    const state = read('?sort=-password&limit=99999&page=-4&owner=1');
    expect(state.query).toEqual({ offset: 0, limit: 25, sort: 'name' });
    expect(state.filtered).toBe(false);
    expect(read('?page=2.5').page).toBe(0);
  });

  it('takes a limit within urlLimit that is not a page size, and falls back outside it', () => {
    const ranged = (search: string) => readListUrl(new URLSearchParams(search), { ...CONFIG, urlLimit: { min: 1, max: 100 } });
    expect(ranged('?limit=5').query).toMatchObject({ limit: 5, offset: 0 });
    expect(ranged('?limit=5&page=3').query).toMatchObject({ limit: 5, offset: 10 });
    for (const bad of ['0', '101', '2.5', 'fünf']) expect(ranged(`?limit=${bad}`).pageSize).toBe(25);
    expect(read('?limit=5').pageSize).toBe(25);
  });
});
