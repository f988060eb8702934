import { ACCOUNT_MSG, PASSWORD_MAX, PASSWORD_MIN, SHOP_ORIGIN } from '@b2b/contracts/auth';
import { LIMITS } from '@b2b/contracts/limits';
import { EMAIL_RE } from '@b2b/contracts/employees';
import { MSG } from '@b2b/contracts/messages';
import type { Db } from '@/db/database';
import { isUniqueViolation } from '@/db/db-errors';
import { failed, ok } from '@/http/envelope';
import type { AuthUser } from '@/http/auth-context';
import type { Mailer } from '@/mail/mailer';
import { passwordRecoveryMail, registrationConfirmMail } from '@/mail/templates/account-mails';
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
export function accountService(
  db: Db,
  deps: { auth: AuthService; shops: ShopService; clients: ClientsService; mailer: Mailer; publicUrl: string },
) {
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
      if ((await repo.findClientUsers(email, shop.partner_id)).length) return failed({ email: ACCOUNT_MSG.emailTaken });
      if (inn && (await deps.clients.innTaken(shop.partner_id, inn))) return failed({ inn: ACCOUNT_MSG.innTaken });

      const passwordHash = typeof body.password === 'string' && body.password ? await hashPassword(body.password) : null;
      const conflict = await db.transaction().execute(async (trx): Promise<Record<string, string> | null> => {
        const phone = str(body.phone) || null;
        const clientId = await deps.clients.register(trx, shop.partner_id, { company: str(body.company), inn: inn || null, phone, email });
        const userId = await createClientUser(trx, { partnerId: shop.partner_id, clientId, email, name: str(body.name), phone, passwordHash });
        const word = await newCheckword(trx, userId, 'CONFIRM_EMAIL');
        const mail = registrationConfirmMail({
          name: str(body.name),
          shopName: shop.name,
          link:
            str(body.origin) === SHOP_ORIGIN
              ? link({ confirm: 'Y', email, user_checkword: word }, shop.shop_link ?? shop.domain_name)
              : link({ confirm: 'Y', email, user_checkword: word, domain: shop.shop_link ?? shop.domain_name ?? '' }),
        });
        await deps.mailer.send({ partnerId: shop.partner_id, to: email, template: 'account.confirm', ...mail }, trx);
        return null;
      }).catch((err: unknown): Record<string, string> => {
        // The same address or INN registered by a parallel request a moment ago: the unique indexes decide.
        if (isUniqueViolation(err, 'users_client_email_uq')) return { email: ACCOUNT_MSG.emailTaken };
        if (isUniqueViolation(err, 'clients_inn_uq')) return { inn: ACCOUNT_MSG.innTaken };
        throw err;
      });
      if (conflict) return failed(conflict);
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

    /** A signed-in user changes its password; a user without one (isUserWithoutPassword) sets it. */
    async changePassword(user: AuthUser, sessionId: string | undefined, body: Body) {
      const invalid = passwordErrors(body);
      if (invalid) return failed(invalid);
      if (user.hasPassword) {
        const row = await repo.findUserForMail(user.id);
        if (!(await verifyPassword(row?.password_hash ?? null, String(body.current_password ?? '')))) {
          return failed({ current_password: ACCOUNT_MSG.currentPasswordWrong });
        }
      }
      await replacePassword([user.id], String(body.password), sessionId);
      return ok({}, ACCOUNT_MSG.passwordChanged);
    },
  };
}

export type AccountService = ReturnType<typeof accountService>;
