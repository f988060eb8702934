import { describe, expect, it } from 'vitest';
import { capitaliseWords, cleanPersonName } from './names';

describe('capitaliseWords', () => {
  it('capitalises each word and each hyphenated part', () => {
    expect(capitaliseWords('иван петров')).toBe('Иван Петров');
    expect(capitaliseWords('анна-мария ПЕТРОВА')).toBe('Анна-Мария Петрова');
    expect(capitaliseWords('john  smith')).toBe('John Smith');
    expect(capitaliseWords('')).toBe('');
  });
});

describe('cleanPersonName', () => {
  it('keeps letters and a hyphen and capitalises the first letter', () => {
    expect(cleanPersonName('иванов-петров1 ')).toBe('Иванов-Петров');
    expect(cleanPersonName("o'brien")).toBe('Obrien');
    expect(cleanPersonName('123')).toBe('');
  });
});
