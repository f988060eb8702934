import { useState } from 'react';
import { App, Checkbox, Col, Form, Input, Modal, Row, Tooltip } from 'antd';
import type { ButtonProps } from 'antd';
import { EMPLOYEE_MSG, normalisePersonName, type EmployeeRow } from '@b2b/contracts/employees';
import { LIMITS } from '@b2b/contracts/limits';
import { ACTION_LABEL } from '@b2b/contracts/messages';
import { isApiError } from '@/api/api-error';
import { useSaveEmployee } from '@/features/employees/api/employees-api';
import { useFailureDialog } from '@/features/employees/components/use-failure-dialog';
import {
  EMPLOYEE_RIGHTS,
  employeeFieldError,
  employeeSaveBody,
  employeeValues,
  newEmployeeValues,
  splitEmployeeErrors,
  type EmployeeFormValues,
  type EmployeeTextField,
} from '@/features/employees/employee-form';
import { EMPLOYEE_UI } from '@/features/employees/employee-text';

const textRule = (field: EmployeeTextField) => ({
  validator: async (_: unknown, value: string | undefined) => {
    const message = employeeFieldError(field, value);
    if (message) throw new Error(message);
  },
});

/**
 * Create (employee undefined) or edit an employee: surname and name normalised as typed, the spec's messages
 * under the fields, server errors under their fields, any other failure in the failure dialog.
 */
export function EmployeeFormModal({ employee, isOwner, onClose }: { employee?: EmployeeRow; isOwner: boolean; onClose: () => void }) {
  const [form] = Form.useForm<EmployeeFormValues>();
  const [initialValues] = useState(() => (employee ? employeeValues(employee) : newEmployeeValues()));
  const save = useSaveEmployee();
  const showFailure = useFailureDialog();
  const { message } = App.useApp();

  const submit = async () => {
    let values: EmployeeFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return; // the messages are under the fields
    }
    try {
      const answer = await save.mutateAsync(employeeSaveBody(values, { id: employee?.ID, canGrantAdmin: isOwner }));
      void message.success(answer.MESSAGE ?? (employee ? EMPLOYEE_MSG.saved : EMPLOYEE_MSG.created));
      onClose();
    } catch (error) {
      if (isApiError(error) && error.kind === 'failure') {
        const { fields, other } = splitEmployeeErrors(error.errors);
        form.setFields(fields.map((f) => ({ name: f.name as keyof EmployeeFormValues, errors: [f.message] })));
        if (other.length || !fields.length) showFailure(other.length ? other : error);
      } else {
        showFailure(error);
      }
    }
  };

  return (
    <Modal
      open
      title={employee ? EMPLOYEE_UI.editTitle : EMPLOYEE_UI.newTitle}
      okText={ACTION_LABEL.save}
      cancelText={ACTION_LABEL.cancel}
      onOk={() => void submit()}
      onCancel={save.isPending ? undefined : onClose}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'employee-save' } as ButtonProps}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Form<EmployeeFormValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={initialValues}
        disabled={save.isPending}
        onFinish={() => void submit()}
        data-testid="employee-form"
      >
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item
              label={EMPLOYEE_UI.fields.surname}
              name="surname"
              normalize={(value: string) => normalisePersonName(value ?? '')}
              rules={[textRule('surname')]}
            >
              <Input autoFocus autoComplete="off" maxLength={LIMITS.personNameMax} data-testid="employee-surname" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              label={EMPLOYEE_UI.fields.name}
              name="name"
              normalize={(value: string) => normalisePersonName(value ?? '')}
              rules={[textRule('name')]}
            >
              <Input autoComplete="off" maxLength={LIMITS.personNameMax} data-testid="employee-name" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label={EMPLOYEE_UI.fields.email} name="email" rules={[textRule('email')]}>
          <Input inputMode="email" autoComplete="off" maxLength={LIMITS.emailMax} data-testid="employee-email" />
        </Form.Item>
        <Form.Item label={EMPLOYEE_UI.fields.rights} style={{ marginBottom: 0 }}>
          <Row gutter={[12, 8]}>
            {EMPLOYEE_RIGHTS.map((right) => (
              <Col key={right} xs={12} sm={6}>
                <Form.Item name={right} valuePropName="checked" noStyle>
                  <Checkbox data-testid={`employee-right-${right}`}>{EMPLOYEE_UI.rights[right]}</Checkbox>
                </Form.Item>
              </Col>
            ))}
            <Col span={24}>
              <Tooltip title={isOwner ? undefined : EMPLOYEE_MSG.adminOnlyOwner}>
                <span>
                  <Form.Item name="admin" valuePropName="checked" noStyle>
                    <Checkbox disabled={!isOwner || save.isPending} data-testid="employee-right-admin">
                      {EMPLOYEE_UI.rights.admin}
                    </Checkbox>
                  </Form.Item>
                </span>
              </Tooltip>
            </Col>
          </Row>
        </Form.Item>
        {/* Enter in a field submits. */}
        <button type="submit" hidden aria-hidden />
      </Form>
    </Modal>
  );
}
