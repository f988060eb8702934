import { describe, expect, it } from 'vitest';
import { DOCX, JPEG, ODT, OLE_DOC, PDF, PNG, xlsxOf, zipWithEntry } from '@/modules/shop/test-files';
import { acceptedKind, SHOP_FILE_KINDS, sniffKind } from './file-sniff';

describe('file kinds by content', () => {
  it('tells the magic numbers apart', async () => {
    expect(sniffKind(JPEG)).toBe('jpeg');
    expect(sniffKind(PNG)).toBe('png');
    expect(sniffKind(PDF)).toBe('pdf');
    expect(sniffKind(DOCX)).toBe('docx');
    expect(sniffKind(await xlsxOf([[1]]))).toBe('xlsx');
    expect(sniffKind(ODT)).toBe('odt');
    expect(sniffKind(zipWithEntry('mimetype', 'application/vnd.oasis.opendocument.spreadsheet'))).toBe('ods');
    expect(sniffKind(zipWithEntry('mimetype', 'application/vnd.oasis.opendocument.spreadsheet-template'))).toBe('ots');
    expect(sniffKind(OLE_DOC)).toBe('doc');
    expect(sniffKind(Buffer.from('a;b\n1;2\n'))).toBeNull();
    expect(sniffKind(Buffer.from('a;b\n1;2\n'), true)).toBe('csv');
  });

  it('accepts a file only when its name and its content agree', () => {
    expect(acceptedKind('photo.JPG', JPEG, SHOP_FILE_KINDS)).toBe('jpeg');
    expect(acceptedKind('photo.png', PDF, SHOP_FILE_KINDS)).toBeNull();
    expect(acceptedKind('data.csv', Buffer.from([0x00, 0x01, 0x02]), SHOP_FILE_KINDS)).toBeNull();
    expect(acceptedKind('archive.zip', DOCX, SHOP_FILE_KINDS)).toBeNull();
    expect(acceptedKind('scan.pdf', PDF, ['jpeg', 'png'])).toBeNull();
  });
});
