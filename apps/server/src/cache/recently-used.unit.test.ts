import { describe, expect, it } from 'vitest';
import { recentlyUsed } from './recently-used';

describe('recentlyUsed', () => {
  it('drops the value used longest ago past its size; a read makes a value young again', () => {
    const kept = recentlyUsed<string, number>(2);
    kept.set('a', 1);
    kept.set('b', 2);
    expect(kept.get('a')).toBe(1);
    kept.set('c', 3);
    expect(kept.get('b')).toBeUndefined();
    expect(kept.get('a')).toBe(1);
    expect(kept.get('c')).toBe(3);
    expect(kept.size).toBe(2);
  });

  it('setting a key again replaces its value without growing', () => {
    const kept = recentlyUsed<string, number>(2);
    kept.set('a', 1);
    kept.set('a', 2);
    expect(kept.size).toBe(1);
    expect(kept.get('a')).toBe(2);
  });

  it('deleteIf leaves a value that replaced the one named', () => {
    const kept = recentlyUsed<string, number>(3);
    kept.set('a', 1);
    kept.set('a', 2);
    kept.deleteIf('a', 1);
    expect(kept.get('a')).toBe(2);
    kept.deleteIf('a', 2);
    expect(kept.get('a')).toBeUndefined();
  });
});
