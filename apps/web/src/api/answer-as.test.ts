import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isApiError } from '@/api/api-error';
import { answerAs } from '@/api/answer-as';

const list = z.object({ ITEMS: z.array(z.number()) });

describe('answerAs', () => {
  it('gives the shape the call asked for', () => {
    expect(answerAs(list, { ITEMS: [1, 2] }, '/x/').ITEMS).toEqual([1, 2]);
  });

  it('refuses another shape of the same route as a contract error', () => {
    let error: unknown;
    try {
      answerAs(list, { SUCCESS: 'Y', FILENAME: 'a.xlsx', URL: '/f/' }, '/x/');
    } catch (e) {
      error = e;
    }
    expect(isApiError(error) && error.kind).toBe('contract');
  });
});
