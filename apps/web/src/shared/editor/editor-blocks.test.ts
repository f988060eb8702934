import { describe, expect, it } from 'vitest';
import { aboutBlocks, plainText } from '@/shared/editor/editor-blocks';

describe('the about text', () => {
  it('reads Editor.js blocks', () => {
    const doc = JSON.stringify({
      blocks: [
        { type: 'header', data: { text: 'О нас', level: 1 } },
        { type: 'paragraph', data: { text: 'Мы <b>продаем</b> канцтовары&nbsp;оптом<br>с 2005 года' } },
        {
          type: 'list',
          data: {
            style: 'ordered',
            items: [
              { content: 'Один', items: [{ content: 'Вложенный', items: [] }] },
              { content: 'Два', items: [] },
            ],
          },
        },
        { type: 'list', data: { style: 'unordered', items: ['A', 'B'] } },
        { type: 'image', data: { file: { url: '/v3/api/client/shop/file/1/abc/' }, caption: 'Склад' } },
        { type: 'image', data: { file: { url: 'https://elsewhere.example/x.png' } } },
        { type: 'raw', data: { html: '<script>alert(1)</script>' } },
      ],
    });
    expect(aboutBlocks(doc)).toEqual([
      { type: 'header', text: 'О нас' },
      { type: 'paragraph', text: 'Мы продаем канцтовары оптом\nс 2005 года' },
      { type: 'list', ordered: true, items: ['Один', 'Вложенный', 'Два'] },
      { type: 'list', ordered: false, items: ['A', 'B'] },
      { type: 'image', url: '/v3/api/client/shop/file/1/abc/', caption: 'Склад' },
    ]);
  });

  it('takes a text that is not JSON as paragraphs, and an empty one as none', () => {
    expect(aboutBlocks('Первая строка\n\nВторая')).toEqual([
      { type: 'paragraph', text: 'Первая строка' },
      { type: 'paragraph', text: 'Вторая' },
    ]);
    expect(aboutBlocks('')).toEqual([]);
    expect(aboutBlocks('{"blocks": 5}')).toEqual([]);
  });

  it('reduces inline markup to text', () => {
    expect(plainText('<a href="https://x">ссылка</a> &amp; &lt;тег&gt;')).toBe('ссылка & <тег>');
    expect(plainText('<img src=x onerror=alert(1)>текст')).toBe('текст');
  });
});
