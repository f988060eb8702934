import { randomInt } from 'node:crypto';
import { EMPLOYEE_MSG, employeeFormSchema, type EmployeeRow } from '@b2b/contracts/employees';
import { ensureBaseAccess } from '@b2b/contracts/rights';
import type { Db } from '@/db/database';
import { isUniqueViolation } from '@/db/db-errors';
import { failed, ok, toSeconds, yn } from '@/http/envelope';
import type { AuthUser } from '@/http/auth-context';
import type { Mailer } from '@/mail/mailer';
import { employeeCredentialsMail } from '@/mail/templates/account-mails';
import type { AuthService, RoleFlags } from '../auth/auth.service';
import type { PartnersService } from '../partners/partners.service';
import { employeesRepo } from './employees.repo';

const PASSWORD_ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const generatePassword = (length = 10) => Array.from({ length }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join('');

type Actor = AuthUser & { partnerId: number };

export interface EmployeeDeps {
  auth: AuthService;
  partners: PartnersService;
  mailer: Mailer;
  publicUrl: string;
}

export function employeesService(db: Db, deps: EmployeeDeps) {
  const repo = employeesRepo(db);
  const accounts = deps.auth.staffAccounts;

  return {
    async list(partnerId: number): Promise<EmployeeRow[]> {
      const rows = await repo.list(partnerId);
      return rows.map((r) => ({
        ID: r.id,
        SURNAME: r.surname,
        NAME: r.name,
        EMAIL: r.email,
        ADMIN: yn(r.role_admin),
        ORDERS: yn(r.role_orders),
        PRICE: yn(r.role_price),
        CLIENTS: yn(r.role_clients),
        LOYALTY: yn(r.role_loyalty),
        ACTIVE: yn(r.active),
        HAS_PASSWORD: yn(Boolean(r.has_password)),
        LAST_LOGIN: toSeconds(r.last_login_at),
        CREATE_DATE: toSeconds(r.created_at)!,
      }));
    },

    /** Creates (no id) or edits an employee from the form fields. Undefined: the id is not this partner's. */
    async save(actor: Actor, id: number | null, body: Record<string, unknown>) {
      const parsed = employeeFormSchema.safeParse(body);
      if (!parsed.success) {
        const errors: Record<string, string> = {};
        for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
        return failed(errors);
      }
      const form = parsed.data;
      const existing = id ? await repo.find(actor.partnerId, id) : undefined;
      if (id && !existing) return undefined;
      if (form.admin !== undefined && !actor.isOwner && (form.admin === 'Y') !== Boolean(existing?.role_admin)) {
        return failed({ admin: EMPLOYEE_MSG.adminOnlyOwner });
      }
      if (await repo.emailTaken(actor.partnerId, form.email, id ?? undefined)) return failed({ email: EMPLOYEE_MSG.emailTaken });
      const roles: RoleFlags = {
        role_admin: form.admin === undefined ? Boolean(existing?.role_admin) : form.admin === 'Y',
        role_orders: form.orders === 'Y',
        role_price: form.price === 'Y',
        role_clients: form.clients === 'Y',
        role_loyalty: form.loyalty === 'Y',
      };
      const fields = { email: form.email, name: form.name, surname: form.surname };
      const taken = (err: unknown) => {
        // A parallel save of the same address won the unique index a moment ago.
        if (isUniqueViolation(err, 'users_staff_email_uq')) return failed({ email: EMPLOYEE_MSG.emailTaken });
        throw err;
      };
      if (!existing) {
        const newId = await accounts.create(db, actor.partnerId, { ...fields, roles }).catch(taken);
        return typeof newId === 'number' ? ok({ ID: newId }, EMPLOYEE_MSG.created) : newId;
      }
      const clash = await accounts.update(db, actor.partnerId, existing.id, { ...fields, ...roles }).then(() => null, taken);
      if (clash) return clash;
      // Narrowed rights take effect at once: old tokens carry nothing, but kill the sessions of a changed e-mail.
      if (existing.email.toLowerCase() !== form.email) await deps.auth.revokeUserTokens(existing.id);
      return ok({ ID: existing.id }, EMPLOYEE_MSG.saved);
    },

    async setActive(actor: Actor, id: number, active: boolean) {
      const employee = await repo.find(actor.partnerId, id);
      if (!employee) return undefined;
      if (employee.id === actor.id) return failed({ active: EMPLOYEE_MSG.cannotChangeSelf });
      await accounts.update(db, actor.partnerId, id, { active });
      if (!active) await deps.auth.revokeUserTokens(id);
      return ok({ ID: id, ACTIVE: yn(active) }, active ? EMPLOYEE_MSG.enabled : EMPLOYEE_MSG.disabled);
    },

    async remove(actor: Actor, id: number) {
      const employee = await repo.find(actor.partnerId, id);
      if (!employee) return undefined;
      if (employee.id === actor.id) return failed({ delete: EMPLOYEE_MSG.cannotChangeSelf });
      await accounts.remove(db, actor.partnerId, id);
      await deps.auth.revokeUserTokens(id);
      return ok({ ID: id }, EMPLOYEE_MSG.deleted);
    },

    /**
     * E-mails the employee its sign-in and a new password. An employee without price, clients and orders
     * gets orders first (back-office.md §4). The old password and sessions stop working.
     */
    async sendPassword(actor: Actor, id: number) {
      const employee = await repo.find(actor.partnerId, id);
      if (!employee) return undefined;
      const roles = ensureBaseAccess(deps.auth.rolesOf(employee));
      const password = generatePassword();
      const partnerName = (await deps.partners.name(actor.partnerId)) ?? '';
      await db.transaction().execute(async (trx) => {
        await accounts.update(trx, actor.partnerId, id, { ...deps.auth.roleFlagsOf(roles), password });
        const mail = employeeCredentialsMail({
          name: employee.name,
          email: employee.email,
          password,
          partnerName,
          loginUrl: `${deps.publicUrl}/login`,
        });
        await deps.mailer.send({ partnerId: actor.partnerId, to: employee.email, template: 'employee.credentials', ...mail }, trx);
      });
      await deps.auth.revokeUserTokens(id);
      return ok({ ID: id, ORDERS: yn(roles.includes('ORDERS')) }, EMPLOYEE_MSG.passwordSent);
    },
  };
}

export type EmployeesService = ReturnType<typeof employeesService>;
