import { Button, Flex, Form, Typography } from 'antd';
import type { FormRule } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { LOYALTY_UI } from '@/features/loyalty/loyalty-text';
import { cleanMoneyInput } from '@/shared/inputs/money';

export interface RowColumn {
  /** The row's field, as the wire names it (TITLE, tm, points_pct…): a server error `<list>[i][<field>]` lands here. */
  field: string;
  title: string;
  width: number;
  /** The cell's control; `testId` names it for row i. */
  input: (testId: string) => React.ReactNode;
  rules?: FormRule[];
  /** A number cell: digits and up to two decimals. */
  numeric?: boolean;
}

interface Props {
  /** The form's list (statuses, coefficients, rules): the wire's name of the list. */
  list: string;
  columns: RowColumn[];
  addLabel: string;
  emptyText: string;
  newRow: () => Record<string, unknown>;
  editable: boolean;
  testId: string;
}

const decimal = (value: string | undefined) => cleanMoneyInput(value ?? '', 2);

/** An editable list of rows saved whole (statuses, coefficients, scoring): a row a line, add and remove. */
export function RowsEditor({ list, columns, addLabel, emptyText, newRow, editable, testId }: Props) {
  return (
    <Form.List name={list}>
      {(fields, { add, remove }) => (
        <div data-testid={testId} data-rows={fields.length}>
          {fields.length === 0 ? (
            <Typography.Paragraph type="secondary" data-testid={`${testId}-empty`}>
              {emptyText}
            </Typography.Paragraph>
          ) : (
            <Flex gap={8} style={{ marginBottom: 4 }}>
              {columns.map((column) => (
                <Typography.Text key={column.field} type="secondary" style={{ width: column.width, flex: 'none' }}>
                  {column.title}
                </Typography.Text>
              ))}
            </Flex>
          )}
          {fields.map((row, index) => (
            <Flex key={row.key} gap={8} align="start" data-testid={`${testId}-row`}>
              {columns.map((column) => (
                <Form.Item
                  key={column.field}
                  name={[row.name, column.field]}
                  rules={column.rules}
                  normalize={column.numeric ? decimal : undefined}
                  style={{ width: column.width, flex: 'none', marginBottom: 12 }}
                >
                  {column.input(`${testId}-${index}-${column.field}`)}
                </Form.Item>
              ))}
              {editable && (
                <Button
                  icon={<DeleteOutlined />}
                  aria-label={LOYALTY_UI.removeRow}
                  title={LOYALTY_UI.removeRow}
                  onClick={() => remove(row.name)}
                  data-testid={`${testId}-${index}-remove`}
                />
              )}
            </Flex>
          ))}
          {editable && (
            <Button icon={<PlusOutlined />} onClick={() => add(newRow())} style={{ marginBottom: 16 }} data-testid={`${testId}-add`}>
              {addLabel}
            </Button>
          )}
        </div>
      )}
    </Form.List>
  );
}
