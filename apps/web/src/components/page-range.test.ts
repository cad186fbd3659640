import { describe, expect, it } from 'vitest';
import { pageRange } from './use-list-state.ts';

describe('pageRange', () => {
  it('shows the rows of the page asked for', () => {
    expect(pageRange(80, 2, 25)).toEqual({ pages: 4, shown: 2, first: 26, last: 50 });
    expect(pageRange(80, 4, 25)).toEqual({ pages: 4, shown: 4, first: 76, last: 80 });
  });

  it('shows the last page for an address past it, never a range such as 11-1 of 1', () => {
    expect(pageRange(1, 2, 10)).toEqual({ pages: 1, shown: 1, first: 1, last: 1 });
    expect(pageRange(30, 9, 25)).toEqual({ pages: 2, shown: 2, first: 26, last: 30 });
  });

  it('has one empty page for no rows, and one page more when the count was capped', () => {
    expect(pageRange(0, 3, 25)).toEqual({ pages: 1, shown: 1, first: 0, last: 0 });
    expect(pageRange(1000, 40, 25, true)).toEqual({ pages: 41, shown: 40, first: 976, last: 1000 });
  });
});
