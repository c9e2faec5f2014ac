import { describe, expect, test } from 'vitest';
import { clearedLogFilters, groupCallsQuery } from './query';

describe("the combined log's query", () => {
  test("sends the period, the clinic, the outcomes and the paging, never a clinic's own filter", () => {
    const params = new URLSearchParams('preset=last7Days&clinic=502&outcome=missed,busy&source=3&page=2&sort=caller');
    expect(groupCallsQuery(params, 'preset=last7Days')).toBe('preset=last7Days&clinic=502&outcome=missed%2Cbusy&page=2&sort=caller');
  });

  test('clearing the filters keeps the period and the sort', () => {
    const params = new URLSearchParams('preset=today&clinic=502&outcome=busy&page=3&sort=caller');
    expect(clearedLogFilters(params).toString()).toBe('preset=today&sort=caller');
  });
});
