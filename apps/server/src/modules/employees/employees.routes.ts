import type { FastifyInstance } from 'fastify';
import { MSG } from '@b2b/contracts/messages';
import { EMPLOYEE_ROUTES as R } from '@b2b/contracts/routes/employees';
import { notFound } from '@/http/app-error';
import { addRoute } from '@/http/contract-route';
import { list } from '@/http/envelope';
import type { EmployeesService } from './employees.service';

const found = <T>(answer: T | undefined): T => {
  if (answer === undefined) throw notFound(MSG.notFound);
  return answer;
};

/** A positive integer id, or null when absent; a malformed one names no employee (404, as another partner's). */
function employeeId(raw: string | undefined): number | null {
  if (raw === undefined || raw === '') return null;
  if (!/^\d{1,15}$/.test(raw) || Number(raw) === 0) throw notFound(MSG.notFound);
  return Number(raw);
}

export function employeesRoutes(employees: EmployeesService) {
  return async (app: FastifyInstance) => {
    addRoute(app, R.list, async ({ staff }) => {
      const rows = await employees.list(staff.partnerId);
      return list(rows, { CNT: rows.length, CNT_ALL: rows.length });
    });

    addRoute(app, R.save, async ({ staff, body }) => {
      const id = employeeId(body.employee_id);
      if (id !== null && body.delete === 'Y') return found(await employees.remove(staff, id));
      if (id !== null && (body.active === 'Y' || body.active === 'N') && body.email === undefined) {
        return found(await employees.setActive(staff, id, body.active === 'Y'));
      }
      return found(await employees.save(staff, id, body));
    });

    addRoute(app, R.sendPassword, async ({ staff, body }) => {
      const id = employeeId(body.employee_id);
      if (id === null) throw notFound(MSG.notFound);
      return found(await employees.sendPassword(staff, id));
    });
  };
}
