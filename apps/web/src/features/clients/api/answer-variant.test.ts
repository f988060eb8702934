import { describe, expect, it } from 'vitest';
import { isApiError } from '@/api/api-error';
import { answerWith } from '@/features/clients/api/answer-variant';

type Answer = { ITEMS: number[] } | { SUCCESS: 'Y'; FILENAME: string; URL: string };

describe('answerWith', () => {
  it('gives the shape the call asked for', () => {
    const list: Answer = { ITEMS: [1, 2] };
    expect(answerWith(list, 'ITEMS', '/x/').ITEMS).toEqual([1, 2]);
  });

  it('refuses the other shape as a contract error', () => {
    const file: Answer = { SUCCESS: 'Y', FILENAME: 'a.xlsx', URL: '/f/' };
    let error: unknown;
    try {
      answerWith(file, 'ITEMS', '/x/');
    } catch (e) {
      error = e;
    }
    expect(isApiError(error) && error.kind).toBe('contract');
  });
});
