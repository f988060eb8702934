import { Button, Empty, Space, Switch, Table, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, MailOutlined } from '@ant-design/icons';
import type { EmployeeRow } from '@b2b/contracts/employees';
import { EMPLOYEE_RIGHTS, employeeFullName } from '@/features/employees/employee-form';
import { EMPLOYEE_UI } from '@/features/employees/employee-text';
import { formatDateTime } from '@/shared/formatters/format-date';
import { wideTable } from '@/shared/ui/wide-table';

export interface EmployeeRowActions {
  onEdit(row: EmployeeRow): void;
  onToggleActive(row: EmployeeRow, active: boolean): void;
  onSendPassword(row: EmployeeRow): void;
  onDelete(row: EmployeeRow): void;
}

function RightTags({ row }: { row: EmployeeRow }) {
  const tags = [
    row.ADMIN === 'Y' && (
      <Tag key="admin" color="gold" data-testid="employee-tag-admin">
        {EMPLOYEE_UI.rights.admin}
      </Tag>
    ),
    ...EMPLOYEE_RIGHTS.filter((right) => row[right.toUpperCase() as 'ORDERS'] === 'Y').map((right) => (
      <Tag key={right} color="blue" data-testid={`employee-tag-${right}`}>
        {EMPLOYEE_UI.rights[right]}
      </Tag>
    )),
  ].filter(Boolean);
  return (
    <Space size={[0, 4]} wrap>
      {tags.length ? tags : <Typography.Text type="secondary">{EMPLOYEE_UI.noRights}</Typography.Text>}
      {row.HAS_PASSWORD === 'N' && <Tag data-testid="employee-tag-no-password">{EMPLOYEE_UI.noPassword}</Tag>}
    </Space>
  );
}

/** The partner's employees: name, e-mail, rights, the active switch, the last sign-in and the actions. */
export function EmployeesTable({
  rows,
  loading,
  selfId,
  busyId,
  actions,
  emptyExtra,
}: {
  rows: EmployeeRow[];
  loading: boolean;
  /** The signed-in user: it may not disable or delete itself. */
  selfId: number | undefined;
  /** The row whose action is under way. */
  busyId: number | null;
  actions: EmployeeRowActions;
  emptyExtra: React.ReactNode;
}) {
  const columns: TableColumnsType<EmployeeRow> = [
    {
      key: 'fullName',
      title: EMPLOYEE_UI.columns.fullName,
      render: (_, row) => (
        <Typography.Link onClick={() => actions.onEdit(row)} data-testid={`employee-name-${row.EMAIL}`}>
          {employeeFullName(row)}
        </Typography.Link>
      ),
    },
    { key: 'email', dataIndex: 'EMAIL', title: EMPLOYEE_UI.columns.email },
    { key: 'rights', title: EMPLOYEE_UI.columns.rights, render: (_, row) => <RightTags row={row} /> },
    {
      key: 'active',
      title: EMPLOYEE_UI.columns.active,
      align: 'center',
      render: (_, row) => {
        const self = row.ID === selfId;
        return (
          <Tooltip title={self ? EMPLOYEE_UI.yourself : undefined}>
            <Switch
              checked={row.ACTIVE === 'Y'}
              disabled={self}
              loading={busyId === row.ID}
              onChange={(checked) => actions.onToggleActive(row, checked)}
              data-testid={`employee-active-${row.EMAIL}`}
            />
          </Tooltip>
        );
      },
    },
    {
      key: 'lastLogin',
      title: EMPLOYEE_UI.columns.lastLogin,
      render: (_, row) => formatDateTime(row.LAST_LOGIN) || EMPLOYEE_UI.neverSignedIn,
    },
    {
      key: 'actions',
      title: EMPLOYEE_UI.columns.actions,
      render: (_, row) => {
        const self = row.ID === selfId;
        return (
          <Space size={4} wrap>
            <Tooltip title={EMPLOYEE_UI.edit}>
              <Button
                size="small"
                icon={<EditOutlined />}
                aria-label={EMPLOYEE_UI.edit}
                onClick={() => actions.onEdit(row)}
                data-testid={`employee-edit-${row.EMAIL}`}
              />
            </Tooltip>
            <Button
              size="small"
              icon={<MailOutlined />}
              onClick={() => actions.onSendPassword(row)}
              data-testid={`employee-send-password-${row.EMAIL}`}
            >
              {EMPLOYEE_UI.sendPassword}
            </Button>
            <Tooltip title={self ? EMPLOYEE_UI.yourself : undefined}>
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                disabled={self}
                onClick={() => actions.onDelete(row)}
                data-testid={`employee-delete-${row.EMAIL}`}
              >
                {EMPLOYEE_UI.delete}
              </Button>
            </Tooltip>
          </Space>
        );
      },
    },
  ];

  return (
    <Table<EmployeeRow>
      rowKey="ID"
      size="middle"
      {...wideTable(columns)}
      dataSource={rows}
      loading={loading}
      pagination={false}
      onRow={(row) => ({ 'data-testid': `employee-row-${row.EMAIL}` }) as React.HTMLAttributes<HTMLElement>}
      locale={{
        emptyText: (
          <Empty description={EMPLOYEE_UI.empty} data-testid="employees-empty">
            {emptyExtra}
          </Empty>
        ),
      }}
      data-testid="employees-table"
    />
  );
}
