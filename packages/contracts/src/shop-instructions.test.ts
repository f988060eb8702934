import { describe, expect, it } from 'vitest';
import { shopInstructions, type InstructionFacts } from './shop-instructions';

const facts: InstructionFacts = {
  publicUrl: 'https://b2b.example.ru/',
  mailFrom: 'B2B Опт <no-reply@b2b.example.ru>',
  shopLink: 'kancler',
  domainName: null,
  notifyEmails: [],
  shopEmails: ['sales@kancler.ru'],
  notifyConfirmed: false,
};

describe('the shop instructions block', () => {
  it("names the shop's own address and the mail's sender, marking each part done from the settings", () => {
    const [link, domain, mail] = shopInstructions(facts);
    expect(link).toMatchObject({ CODE: 'SHOP_LINK', DONE: 'Y' });
    expect(link.STEPS[0]).toBe('Магазин открывается по адресу https://b2b.example.ru/shop/kancler — отправьте эту ссылку клиентам.');
    expect(domain).toMatchObject({ CODE: 'DOMAIN', DONE: 'N' });
    expect(mail).toMatchObject({ CODE: 'MAIL', DONE: 'N' });
    expect(mail.STEPS[1]).toContain('no-reply@b2b.example.ru');
    expect(mail.STEPS[0]).toContain('на e-mail магазина');
  });
  it('marks the mail done only with an address and the confirmation', () => {
    const withAddress = { ...facts, notifyEmails: ['orders@kancler.ru'] };
    expect(shopInstructions(withAddress)[2].DONE).toBe('N');
    expect(shopInstructions({ ...withAddress, notifyConfirmed: true })[2].DONE).toBe('Y');
    expect(shopInstructions({ ...facts, shopLink: null, domainName: 'opt.kancler.ru' }).map((p) => p.DONE)).toEqual(['N', 'Y', 'N']);
  });
});
