import { describe, expect, it } from 'vitest';
import { cleanDomainName, isValidDomainName, limitDomainInput, stripDomainTail } from './shop-domain';

describe('the domain-name helper', () => {
  it('strips trailing invalid characters and URL parts', () => {
    expect(stripDomainTail('shop.ru.-_ ')).toBe('shop.ru');
    expect(cleanDomainName(' https://Shop.Example.RU:8080/catalog?x=1 ')).toBe('shop.example.ru');
    expect(cleanDomainName('магазин.рф.')).toBe('магазин.рф');
  });

  it('limits what is typed: each label to 63 characters, the name to 255', () => {
    expect(limitDomainInput(`${'a'.repeat(70)}.ru`)).toBe(`${'a'.repeat(63)}.ru`);
    expect(limitDomainInput(Array.from({ length: 6 }, () => 'b'.repeat(60)).join('.')).length).toBe(255);
    expect(limitDomainInput('My Shop!.ru')).toBe('myshop.ru');
  });

  it('validates a cleaned name', () => {
    expect(isValidDomainName('opt.kancler.ru')).toBe(true);
    expect(isValidDomainName(`${'a'.repeat(63)}.ru`)).toBe(true);
    expect(isValidDomainName(`${'a'.repeat(64)}.ru`)).toBe(false);
    expect(isValidDomainName('localhost')).toBe(false);
    expect(isValidDomainName('-shop.ru')).toBe(false);
    expect(isValidDomainName('10.0.0.1')).toBe(false);
  });
});
