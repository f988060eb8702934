import { useState } from 'react';
import { App, Button, Flex, Typography } from 'antd';
import type { ButtonProps } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { EmployeeRow } from '@b2b/contracts/employees';
import { EMPLOYEE_MSG } from '@b2b/contracts/employees';
import { ACTION_LABEL } from '@b2b/contracts/messages';
import { errorText } from '@/api/error-text';
import { employeeKeys } from '@/features/employees/api/employee-keys';
import {
  useDeleteEmployee,
  useEmployees,
  useSendEmployeePassword,
  useSetEmployeeActive,
  type EmployeeActionAnswer,
} from '@/features/employees/api/employees-api';
import { EmployeeFormModal } from '@/features/employees/components/employee-form-modal';
import { EmployeesTable } from '@/features/employees/components/employees-table';
import { useFailureDialog } from '@/features/employees/components/use-failure-dialog';
import { employeeFullName } from '@/features/employees/employee-form';
import { EMPLOYEE_UI } from '@/features/employees/employee-text';
import { useSession } from '@/shared/auth/session-context';
import { PageTitle } from '@/shared/ui/page-title';
import { RefreshButton } from '@/shared/ui/refresh-button';
import { SECTION_TITLE } from '@/shared/ui-text';

type FormState = { open: false } | { open: true; employee?: EmployeeRow };

const confirmOk = (danger = false): ButtonProps => ({ danger, ...({ 'data-testid': 'confirm-ok' } as ButtonProps) });

/**
 * /partner/managers (back-office.md §2, §4 Employees): list, create, edit, enable or disable, delete and send the
 * password, each change confirmed, its server message shown, any failure in the failure dialog.
 */
export function EmployeesPage() {
  const { user } = useSession();
  const { message, modal } = App.useApp();
  const list = useEmployees();
  const setActive = useSetEmployeeActive();
  const remove = useDeleteEmployee();
  const sendPassword = useSendEmployeePassword();
  const showFailure = useFailureDialog();
  const [form, setForm] = useState<FormState>({ open: false });
  const [busyId, setBusyId] = useState<number | null>(null);

  /** Runs a confirmed action: its MESSAGE on success, the failure dialog otherwise. */
  const run = async (row: EmployeeRow, action: () => Promise<EmployeeActionAnswer>, fallback: string) => {
    setBusyId(row.ID);
    try {
      const answer = await action();
      void message.success(answer.MESSAGE ?? fallback);
    } catch (error) {
      showFailure(error);
    } finally {
      setBusyId(null);
    }
  };

  const confirm = (text: { title: string; content: string; ok: string }, danger: boolean, onOk: () => Promise<void>) =>
    modal.confirm({
      title: text.title,
      content: text.content,
      okText: text.ok,
      cancelText: ACTION_LABEL.cancel,
      okButtonProps: confirmOk(danger),
      onOk,
    });

  const add = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ open: true })} data-testid="employee-add">
      {EMPLOYEE_UI.add}
    </Button>
  );

  return (
    <div>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <PageTitle>{SECTION_TITLE.employees}</PageTitle>
        <Flex gap={8}>
          <RefreshButton queryKey={employeeKeys.all} testId="employees-refresh" />
          {add}
        </Flex>
      </Flex>
      {list.isError && (
        <Typography.Paragraph type="danger" data-testid="employees-error">
          {EMPLOYEE_UI.loadFailed}: {errorText(list.error)}
        </Typography.Paragraph>
      )}
      <EmployeesTable
        rows={list.data?.ITEMS ?? []}
        loading={list.isFetching}
        selfId={user?.ID}
        busyId={busyId}
        emptyExtra={list.isSuccess ? add : null}
        actions={{
          onEdit: (employee) => setForm({ open: true, employee }),
          onToggleActive: (row, active) =>
            confirm(EMPLOYEE_UI.activeConfirm(employeeFullName(row), active), !active, () =>
              run(row, () => setActive.mutateAsync({ id: row.ID, active }), active ? EMPLOYEE_MSG.enabled : EMPLOYEE_MSG.disabled),
            ),
          onSendPassword: (row) =>
            confirm(EMPLOYEE_UI.sendPasswordConfirm(row.EMAIL), false, () =>
              run(row, () => sendPassword.mutateAsync(row.ID), EMPLOYEE_MSG.passwordSent),
            ),
          onDelete: (row) =>
            confirm(EMPLOYEE_UI.deleteConfirm(employeeFullName(row)), true, () => run(row, () => remove.mutateAsync(row.ID), EMPLOYEE_MSG.deleted)),
        }}
      />
      {form.open && <EmployeeFormModal employee={form.employee} isOwner={!!user?.IS_OWNER} onClose={() => setForm({ open: false })} />}
    </div>
  );
}
