import { describe, expect, it } from 'vitest';
import { LIMITS } from '@b2b/contracts/limits';
import { MSG } from '@b2b/contracts/messages';
import { fileParts, LOGO_EXTENSIONS, uploadProblem } from './loyalty-files';

describe('uploadProblem', () => {
  it('takes a logo as jpeg or png of at most 10 MB', () => {
    expect(uploadProblem({ name: 'logo.PNG', size: 1000 }, LOGO_EXTENSIONS)).toBeNull();
    expect(uploadProblem({ name: 'logo.pdf', size: 1000 }, LOGO_EXTENSIONS)).toBe(MSG.fileTypeInvalid);
    expect(uploadProblem({ name: 'logo.jpg', size: LIMITS.uploadMaxBytes + 1 }, LOGO_EXTENSIONS)).toBe(MSG.fileTooLarge);
  });

  it('takes an offer file of the allowed types', () => {
    expect(uploadProblem({ name: 'оферта.docx', size: 5000 })).toBeNull();
    expect(uploadProblem({ name: 'run.exe', size: 5000 })).toBe(MSG.fileTypeInvalid);
    expect(uploadProblem({ name: 'noext', size: 5000 })).toBe(MSG.fileTypeInvalid);
  });
});

describe('fileParts', () => {
  it('sends a chosen file, or <name>_del=Y for a removed one, or nothing', () => {
    const file = new File(['x'], 'logo.png');
    expect(fileParts('logo', { file })).toEqual({ logo: file });
    expect(fileParts('offer_file', { remove: true })).toEqual({ offer_file_del: 'Y' });
    expect(fileParts('logo', null)).toEqual({});
    expect(fileParts('logo', undefined)).toEqual({});
  });
});
