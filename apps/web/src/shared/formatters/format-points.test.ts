import { describe, expect, it } from 'vitest';
import { formatPoints } from './format-points';

describe('formatPoints', () => {
  it('shows loyalty points with their plural', () => {
    expect(formatPoints('35149.00')).toBe('35 149 баллов');
    expect(formatPoints('1')).toBe('1 балл');
    expect(formatPoints(21)).toBe('21 балл');
    expect(formatPoints('3')).toBe('3 балла');
    expect(formatPoints('12')).toBe('12 баллов');
    expect(formatPoints('12.5')).toBe('12,50 балла');
    expect(formatPoints('0.00')).toBe('0 баллов');
    expect(formatPoints('-100')).toBe('-100 баллов');
    expect(formatPoints('-2')).toBe('-2 балла');
    expect(formatPoints(null)).toBe('');
  });
});
