import { describe, expect, it } from 'vitest';
import { encodeText } from './windows-1251';

const decode1251 = (bytes: Buffer) => new TextDecoder('windows-1251').decode(bytes);

describe('encodeText', () => {
  it('writes Russian text in windows-1251 one byte a character, and decodes back to the same text', () => {
    const text = 'Заказ №З-000123: «Ёлочные игрушки» — 1 500,00 руб. € ‰ ёЁ\r\nКонец';
    const bytes = encodeText(text, 'windows-1251');
    expect(bytes.length).toBe(text.length);
    expect(decode1251(bytes)).toBe(text);
    expect([...encodeText('АЯая№', 'windows-1251')]).toEqual([0xc0, 0xdf, 0xe0, 0xff, 0xb9]);
  });

  it('maps every one of the 256 bytes back to itself', () => {
    const all = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    expect(encodeText(decode1251(all), 'windows-1251').equals(all)).toBe(true);
  });

  it('writes a character windows-1251 lacks as an XML character reference (a pair of surrogates as one)', () => {
    const bytes = encodeText('Ок 😀 中 ő', 'windows-1251');
    expect(decode1251(bytes)).toBe('Ок &#128512; &#20013; &#337;');
  });

  it('writes a lone surrogate as U+FFFD, and lets a plain answer choose its own replacement', () => {
    expect(decode1251(encodeText('a\ud800b', 'windows-1251'))).toBe('a&#65533;b');
    expect(decode1251(encodeText('Ошибка 😀', 'windows-1251', () => '?'))).toBe('Ошибка ?');
  });

  it('grows its buffer when references outgrow the text', () => {
    const text = '😀'.repeat(5000);
    expect(decode1251(encodeText(text, 'windows-1251'))).toBe('&#128512;'.repeat(5000));
  });

  it('writes UTF-8 as it is', () => {
    const text = 'Заказ 😀';
    expect(encodeText(text, 'utf-8').equals(Buffer.from(text, 'utf8'))).toBe(true);
  });
});
