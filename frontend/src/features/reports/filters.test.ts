import { describe, expect, test } from 'vitest';
import { activeFilterCount, clearedFilters, exportQuery, serverQuery, withParam } from './filters';

const params = (query: string) => new URLSearchParams(query);

describe('the call log filters in the address bar', () => {
  test('the server is asked for the filters and the view, nothing else', () => {
    expect(serverQuery(params('preset=last7Days&source=3&call=9&page=2&utm=x'))).toBe('preset=last7Days&source=3&page=2');
    expect(serverQuery(params('search=%20%20&outcome=missed'))).toBe('outcome=missed');
  });

  test('a custom range is asked for once both days are chosen', () => {
    expect(serverQuery(params('preset=custom&from=2026-11-01'))).toBe('');
    expect(serverQuery(params('preset=custom&from=2026-11-01&to=2026-11-05'))).toBe(
      'preset=custom&from=2026-11-01&to=2026-11-05',
    );
  });

  test('a filter change goes back to the first page; paging and the open call keep it', () => {
    expect(withParam(params('page=3&source=1'), 'outcome', 'missed').toString()).toBe('source=1&outcome=missed');
    expect(withParam(params('page=3'), 'page', '4').toString()).toBe('page=4');
    expect(withParam(params('page=3'), 'call', '12').toString()).toBe('page=3&call=12');
    expect(withParam(params('source=1'), 'source', '').toString()).toBe('');
    expect(withParam(params('preset=custom&from=a&to=b'), 'preset', 'today').toString()).toBe('preset=today');
  });

  test('the export has every row of the filters in the sort asked', () => {
    expect(exportQuery(params('source=2&page=4&pageSize=50&sort=duration&direction=asc'))).toBe(
      'source=2&sort=duration&direction=asc',
    );
  });

  test('clearing keeps the sort and counts nothing', () => {
    const busy = params('preset=today&source=2&firstTime=1&sort=caller&page=2');
    expect(activeFilterCount(busy)).toBe(3);
    expect(clearedFilters(busy).toString()).toBe('sort=caller');
    expect(activeFilterCount(params('preset=last30Days'))).toBe(0);
  });
});
