import { formatPhone } from '@b2b/contracts/phone-format';
import { ACCOUNT_MSG, PASSWORD_MAX, PASSWORD_MIN, SHOP_ORIGIN } from '@b2b/contracts/auth';
import { LIMITS } from '@b2b/contracts/limits';
import { EMAIL_RE } from '@b2b/contracts/employees';
import { MSG } from '@b2b/contracts/messages';
import type { Db } from '@/db/database';
import { isUniqueViolation } from '@/db/db-errors';
import { failed, ok } from '@/http/envelope';
import { countHit } from '@/http/rate-limit-store';
import type { AuthUser } from '@/http/auth-context';
import type { Mailer } from '@/mail/mailer';
import {
  passwordRecoveryMail,
  registrationAttemptMail,
  registrationConfirmMail,
  registrationPendingMail,
  registrationRequestMail,
} from '@/mail/templates/account-mails';
import type { ClientsService } from '../clients/clients.service';
import type { ShopService } from '../shop/shop.service';
import { authRepo } from './auth.repo';
import type { AuthService } from './auth.service';
import { hashPassword, verifyPassword } from './passwords';
import { newToken, tokenHash } from './tokens';
import { createClientUser } from './user-accounts';

export const CHECKWORD_TTL_HOURS = { RECOVERY: 24, CONFIRM_EMAIL: 7 * 24 } as const;

type Body = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

function passwordErrors(body: Body): Record<string, string> | null {
  const password = typeof body.password === 'string' ? body.password : '';
  if (!password) return { password: MSG.loginPasswordRequired };
  if (password.length < PASSWORD_MIN) return { password: ACCOUNT_MSG.passwordTooShort };
  if (password.length > PASSWORD_MAX) return { password: ACCOUNT_MSG.passwordTooLong };
  if (body.confirm_password !== undefined && body.confirm_password !== password) {
    return { confirm_password: ACCOUNT_MSG.passwordsDiffer };
  }
  return null;
}

/** Registration, e-mail confirmation, password recovery and change (back-office.md §4 Session, §7 auth/register). */
export function accountService(db: Db, deps: { auth: AuthService; shops: ShopService; clients: ClientsService; mailer: Mailer; publicUrl: string }) {
  const repo = authRepo(db);
  /**
   * An e-mailed link: a buyer's (its shop known) opens the shop's account page, /shop/{link}/account, whose path
   * carries the shop; anyone else's opens the back office's /login (with the `domain` it was asked with).
   */
  const link = (params: Record<string, string>, shopLink?: string | null) => {
    const query = new URLSearchParams(params).toString();
    return shopLink ? `${deps.publicUrl}/shop/${encodeURIComponent(shopLink)}/account?${query}` : `${deps.publicUrl}/login?${query}`;
  };
  /**
   * The shop a buyer's flow was started in (origin=shop, its `domain`), as the link names it: the flow finishes in the
   * shop. Null for staff, and for a buyer who started it on the back office's /login (it finishes there).
   */
  const buyerShopLink = async (kind: string, domain: string, origin: string) => {
    if (kind !== 'CLIENT' || !domain || origin !== SHOP_ORIGIN) return null;
    const shop = await deps.shops.resolveByDomain(domain);
    return shop?.shop_link ?? shop?.domain_name ?? null;
  };

  type Shop = NonNullable<Awaited<ReturnType<ShopService['resolveByDomain']>>>;
  type RegistrationForm = { email: string; name: string; company: string; phone: string | null; inn: string | null };
  /** An address or INN already in the shop: whose it is decides who hears of the attempt. */
  type Known = { kind: 'email'; user: { name: string; email: string } } | { kind: 'inn'; client: { name: string } };

  const shopLinkOf = (shop: Shop) => shop.shop_link ?? shop.domain_name;

  async function knownParty(partnerId: number, email: string, inn: string | null): Promise<Known | null> {
    const [user] = await repo.findClientUsers(email, partnerId);
    if (user) return { kind: 'email', user };
    const client = inn ? await deps.clients.findByInn(partnerId, inn) : undefined;
    return client ? { kind: 'inn', client } : null;
  }

  /**
   * A registration with a known address or INN creates nothing and answers as any other (issue 37.7); the owner hears
   * of it: the account of the address gets a letter, and a known INN goes to the partner as a request to review (its
   * sender is told the request was passed on).
   */
  async function tellTheOwner(shop: Shop, known: Known, form: RegistrationForm, origin: string) {
    const partnerId = shop.partner_id;
    // A few letters an hour per address or INN: the form cannot be used to flood someone's mailbox.
    const about = known.kind === 'email' ? `email:${known.user.email.toLowerCase()}` : `inn:${form.inn}`;
    if ((await countHit(db, `registration-notice:${partnerId}:${about}`, 3600_000)).current > LIMITS.registrationNoticesPerHour) return;
    if (known.kind === 'email') {
      const shopLink = shopLinkOf(shop) ?? '';
      const signInLink =
        origin === SHOP_ORIGIN
          ? `${deps.publicUrl}/shop/${encodeURIComponent(shopLink)}`
          : `${deps.publicUrl}/login?${new URLSearchParams({ domain: shopLink }).toString()}`;
      const mail = registrationAttemptMail({ name: known.user.name, shopName: shop.name, signInLink });
      await db
        .transaction()
        .execute((trx) => deps.mailer.send({ partnerId, to: known.user.email, template: 'account.register_attempt', ...mail }, trx));
      return;
    }
    const inbox = await deps.shops.notifyAddresses(partnerId);
    const request = registrationRequestMail({ ...form, inn: form.inn ?? '', shopName: shop.name, existingClient: known.client.name });
    const pending = registrationPendingMail({ name: form.name, shopName: shop.name });
    await db.transaction().execute(async (trx) => {
      for (const to of inbox) await deps.mailer.send({ partnerId, to, template: 'client.registration_request', ...request }, trx);
      await deps.mailer.send({ partnerId, to: form.email, template: 'account.registration_pending', ...pending }, trx);
    });
  }

  async function newCheckword(trx: Db, userId: number, purpose: 'RECOVERY' | 'CONFIRM_EMAIL') {
    const word = newToken();
    const expires = new Date(Date.now() + CHECKWORD_TTL_HOURS[purpose] * 3600_000);
    await authRepo(trx).insertCheckword(userId, purpose, tokenHash(word), expires);
    return word;
  }

  /**
   * Sets a password and ends every other session of those users in one transaction: the user rows stay locked until
   * the tokens are revoked, so a refresh running at the same moment cannot slip a new token past the change.
   */
  async function replacePassword(userIds: number[], password: string, keepSessionId: string | undefined) {
    const hash = await hashPassword(password);
    await db.transaction().execute(async (trx) => {
      const r = authRepo(trx);
      for (const id of userIds) {
        await r.setPassword(id, hash);
        await r.revokeUserTokens(id, keepSessionId);
      }
    });
  }

  return {
    async register(body: Body) {
      const shop = await deps.shops.resolveByDomain(str(body.domain));
      if (!shop) return failed({ domain: MSG.shopLinkUnknown });
      if (!shop.registration_enabled) return failed({ domain: ACCOUNT_MSG.registrationClosed });
      const email = str(body.email).toLowerCase();
      const errors: Record<string, string> = {};
      if (!email) errors.email = MSG.loginEmailRequired;
      else if (email.length > LIMITS.emailMax || !EMAIL_RE.test(email)) errors.email = MSG.employeeEmailInvalid;
      if (!str(body.name)) errors.name = ACCOUNT_MSG.nameRequired;
      else if (str(body.name).length > LIMITS.personNameMax) errors.name = ACCOUNT_MSG.nameTooLong;
      if (!str(body.company)) errors.company = ACCOUNT_MSG.companyRequired;
      else if (str(body.company).length > LIMITS.companyNameMax) errors.company = ACCOUNT_MSG.companyTooLong;
      if (str(body.phone).length > LIMITS.phoneMax) errors.phone = ACCOUNT_MSG.phoneInvalid;
      const inn = str(body.inn).replace(/\D/g, '');
      if (str(body.inn) && inn.length !== 10 && inn.length !== 12) errors.inn = ACCOUNT_MSG.innInvalid;
      // The password may be set now or after confirming the e-mail (isUserWithoutPassword).
      if (body.password !== undefined && body.password !== '') Object.assign(errors, passwordErrors(body) ?? {});
      if (Object.keys(errors).length) return failed(errors);
      const form = { email, name: str(body.name), company: str(body.company), phone: formatPhone(str(body.phone)) || null, inn: inn || null };
      const origin = str(body.origin);

      // The slow hash on every path, known address or INN or not, so that the answer takes the same time.
      const passwordHash = typeof body.password === 'string' && body.password ? await hashPassword(body.password) : null;
      const known = await knownParty(shop.partner_id, email, form.inn);
      const outcome =
        known ??
        (await db
          .transaction()
          .execute(async (trx): Promise<null> => {
            const clientId = await deps.clients.register(trx, shop.partner_id, { company: form.company, inn: form.inn, phone: form.phone, email });
            const userId = await createClientUser(trx, {
              partnerId: shop.partner_id,
              clientId,
              email,
              name: form.name,
              phone: form.phone,
              passwordHash,
            });
            const word = await newCheckword(trx, userId, 'CONFIRM_EMAIL');
            const mail = registrationConfirmMail({
              name: form.name,
              shopName: shop.name,
              link:
                origin === SHOP_ORIGIN
                  ? link({ confirm: 'Y', email, user_checkword: word }, shopLinkOf(shop))
                  : link({ confirm: 'Y', email, user_checkword: word, domain: shopLinkOf(shop) ?? '' }),
            });
            await deps.mailer.send({ partnerId: shop.partner_id, to: email, template: 'account.confirm', ...mail }, trx);
            return null;
          })
          .catch(async (err: unknown) => {
            // The same address or INN registered by a parallel request a moment ago: the unique indexes decide, and
            // this request goes the way of a known one.
            if (!isUniqueViolation(err, 'users_client_email_uq') && !isUniqueViolation(err, 'clients_inn_uq')) throw err;
            const taken = await knownParty(shop.partner_id, email, form.inn);
            if (!taken) throw err;
            return taken;
          }));
      if (outcome) await tellTheOwner(shop, outcome, form, origin);
      // The same answer whether the address or the INN was known (issue 37.7): the owner learns it by e-mail.
      return ok({}, ACCOUNT_MSG.registered);
    },

    /** Confirms the e-mail of a registration and signs the user in. */
    async confirmEmail(body: Body) {
      const client = await deps.auth.authenticateClient(str(body.client_id), str(body.client_secret));
      const user = await deps.auth.findAccount(str(body.email), str(body.domain) || undefined).catch(() => undefined);
      const word = str(body.user_checkword);
      if (!user || !word || !(await repo.consumeCheckword(user.id, 'CONFIRM_EMAIL', tokenHash(word)))) {
        return failed({ user_checkword: ACCOUNT_MSG.confirmInvalid });
      }
      await repo.confirmEmail(user.id);
      const token = await deps.auth.issueForUser(client.id, user.id);
      return ok({ TOKEN: token, isUserWithoutPassword: !user.password_hash }, ACCOUNT_MSG.emailConfirmed);
    },

    /** Always the same answer, so that the form does not reveal which addresses exist. */
    async requestRecovery(body: Body) {
      const email = str(body.email);
      if (!email) return failed({ email: MSG.loginEmailRequired });
      const user = await deps.auth.findAccount(email, str(body.domain) || undefined).catch(() => undefined);
      if (user && user.active) {
        const domain = str(body.domain);
        const shopLink = await buyerShopLink(user.kind, domain, str(body.origin));
        await db.transaction().execute(async (trx) => {
          const word = await newCheckword(trx, user.id, 'RECOVERY');
          const mail = passwordRecoveryMail({
            name: user.name,
            link: link({ email: user.email, user_checkword: word, ...(domain && !shopLink ? { domain } : {}) }, shopLink),
            hours: CHECKWORD_TTL_HOURS.RECOVERY,
          });
          await deps.mailer.send({ partnerId: user.partner_id, to: user.email, template: 'account.recovery', ...mail }, trx);
        });
      }
      return ok({}, ACCOUNT_MSG.recoverySent);
    },

    /** The recovery step: the link's email and user_checkword, and the new password. Works once. */
    async resetPassword(body: Body) {
      const invalid = passwordErrors(body);
      if (invalid) return failed(invalid);
      const user = await deps.auth.findAccount(str(body.email), str(body.domain) || undefined).catch(() => undefined);
      const word = str(body.user_checkword);
      if (!user || !word || !(await repo.consumeCheckword(user.id, 'RECOVERY', tokenHash(word)))) {
        return failed({ user_checkword: ACCOUNT_MSG.checkwordInvalid });
      }
      // A recovery link proves the mailbox: every staff account of the address (one person, several partners) takes
      // the new password. Whoever held the old sessions cannot go on.
      const ids = user.kind === 'CLIENT' ? [user.id] : await repo.staffIdsByEmail(user.email);
      await replacePassword(ids, String(body.password), undefined);
      if (user.kind === 'CLIENT' && !user.email_confirmed_at) await repo.confirmEmail(user.id);
      return ok({}, ACCOUNT_MSG.passwordChanged);
    },

    /**
     * A signed-in user changes its password; a user without one (isUserWithoutPassword) sets it. The current password
     * is checked under the account's sign-in limit: a wrong one counts as a failed sign-in, and a limited account
     * answers 429 (a stolen session cannot guess the password faster than a sign-in form could).
     */
    async changePassword(user: AuthUser, sessionId: string | undefined, body: Body, address: string) {
      const invalid = passwordErrors(body);
      if (invalid) return failed(invalid);
      if (user.hasPassword) {
        const attempt = await deps.auth.reservePasswordCheck(user.id, address);
        const row = await repo.findUserForMail(user.id);
        if (!(await verifyPassword(row?.password_hash ?? null, String(body.current_password ?? '')))) {
          return failed({ current_password: ACCOUNT_MSG.currentPasswordWrong });
        }
        await attempt.release();
      }
      await replacePassword([user.id], String(body.password), sessionId);
      return ok({}, ACCOUNT_MSG.passwordChanged);
    },
  };
}

export type AccountService = ReturnType<typeof accountService>;
