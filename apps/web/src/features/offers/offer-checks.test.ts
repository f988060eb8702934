import { describe, expect, it } from 'vitest';
import { bannerProblem, cleanProductCode, isOneLetter, isProductCode, presentSumProblem, xlsProblem } from './offer-checks';

describe('presentSumProblem', () => {
  it('refuses a gift sum not above the previous one, with the value as the server writes it', () => {
    expect(presentSumProblem(['10000', '25000'], 1)).toBeNull();
    expect(presentSumProblem(['10000', '5000'], 1)).toBe('Сумма заказа должна больше 10 000,00');
    expect(presentSumProblem(['10000', '10000'], 1)).toBe('Сумма заказа должна больше 10 000,00');
    expect(presentSumProblem(['1500.5', '1500,49'], 1)).toBe('Сумма заказа должна больше 1 500,50');
  });

  it('compares with the last valid sum before it; the first gift and empty sums have no such problem', () => {
    expect(presentSumProblem(['10000'], 0)).toBeNull();
    expect(presentSumProblem(['10000', '', '9000'], 2)).toBe('Сумма заказа должна больше 10 000,00');
    expect(presentSumProblem(['10000', '20000', ''], 2)).toBeNull();
    expect(presentSumProblem([undefined, 'abc', '5'], 2)).toBeNull();
  });
});

describe('bannerProblem', () => {
  const png = (size: number) => ({ name: 'b.png', type: 'image/png', size });
  it('takes a jpeg or png of at most 307200 bytes', () => {
    expect(bannerProblem(png(307200))).toBeNull();
    expect(bannerProblem({ name: 'b.jpg', type: 'image/jpeg', size: 1000 })).toBeNull();
  });
  it('refuses a heavier file and another type', () => {
    expect(bannerProblem(png(307201))).toBe('Вес файла превышает 300КБ');
    expect(bannerProblem({ name: 'b.gif', type: 'image/gif', size: 100 })).toBe('Недопустимый тип файла');
    expect(bannerProblem({ name: 'b.pdf', type: '', size: 100 })).toBe('Недопустимый тип файла');
  });
});

describe('xlsProblem', () => {
  it('takes an .xlsx or .csv of at most 10 MB, as the server reads them', () => {
    expect(xlsProblem({ name: 'promo.XLSX', size: 1000 })).toBeNull();
    expect(xlsProblem({ name: 'promo.csv', size: 1000 })).toBeNull();
    expect(xlsProblem({ name: 'promo.pdf', size: 1000 })).toBe('Недопустимый тип файла');
    expect(xlsProblem({ name: 'promo.xlsx', size: 10 * 1024 * 1024 + 1 })).toBe('Размер файла должен быть не больше 10МБ');
  });
  it('asks to save the old .xls as .xlsx or .csv before it is sent (issue 39 §3)', () => {
    expect(xlsProblem({ name: 'promo.xls', size: 1000 })).toBe('Сохраните файл в формате .xlsx или .csv');
    expect(xlsProblem({ name: 'Акция.XLS', size: 10 * 1024 * 1024 + 1 })).toBe('Сохраните файл в формате .xlsx или .csv');
  });
});

describe('small checks', () => {
  it('a description of one letter, tags aside', () => {
    expect(isOneLetter(' a ')).toBe(true);
    expect(isOneLetter('<b>я</b>')).toBe(true);
    expect(isOneLetter('ab')).toBe(false);
    expect(isOneLetter('')).toBe(false);
  });
  it('a gift code keeps six digits', () => {
    expect(cleanProductCode('12-34 567')).toBe('123456');
    expect(isProductCode('123456')).toBe(true);
    expect(isProductCode('12345')).toBe(false);
  });
});
