import type { FastifyInstance } from 'fastify';
import { MSG } from '@b2b/contracts/messages';
import { notFound } from '@/http/app-error';
import { requirePartnerStaff } from '@/http/auth-context';
import { list } from '@/http/envelope';
import type { EmployeesService } from './employees.service';

const found = <T>(answer: T | undefined): T => {
  if (answer === undefined) throw notFound(MSG.notFound);
  return answer;
};

/** A positive integer id from a body field, or null when absent; a malformed one names no employee. */
function employeeId(body: Record<string, unknown>): number | null {
  const raw = body.employee_id;
  if (raw === undefined || raw === '') return null;
  if (typeof raw !== 'string' || !/^\d{1,15}$/.test(raw) || Number(raw) === 0) throw notFound(MSG.notFound);
  return Number(raw);
}

export function employeesRoutes(employees: EmployeesService) {
  return async (app: FastifyInstance) => {
    app.get(
      '/v3/api/partner/employee/',
      { schema: { tags: ['employees'], summary: 'Employees of the partner' } },
      async (request) => {
        const actor = requirePartnerStaff(request, 'viewEmployees');
        const rows = await employees.list(actor.partnerId);
        return list(rows, { CNT: rows.length, CNT_ALL: rows.length });
      },
    );

    app.post(
      '/v3/api/partner/employee/',
      { schema: { tags: ['employees'], summary: 'Create, edit (employee_id), enable/disable (active) or delete (delete=Y) an employee' } },
      async (request) => {
        const actor = requirePartnerStaff(request, 'viewEmployees');
        const body = (request.body ?? {}) as Record<string, unknown>;
        const id = employeeId(body);
        if (id !== null && body.delete === 'Y') return found(await employees.remove(actor, id));
        if (id !== null && (body.active === 'Y' || body.active === 'N') && body.email === undefined) {
          return found(await employees.setActive(actor, id, body.active === 'Y'));
        }
        return found(await employees.save(actor, id, body));
      },
    );

    app.post(
      '/v3/api/partner/employee/password/',
      { schema: { tags: ['employees'], summary: 'E-mail an employee its sign-in and a new password' } },
      async (request) => {
        const actor = requirePartnerStaff(request, 'viewEmployees');
        const id = employeeId((request.body ?? {}) as Record<string, unknown>);
        if (id === null) throw notFound(MSG.notFound);
        return found(await employees.sendPassword(actor, id));
      },
    );
  };
}
