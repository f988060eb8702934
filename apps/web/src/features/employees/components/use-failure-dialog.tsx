import { useCallback } from 'react';
import { App } from 'antd';
import type { ButtonProps } from 'antd';
import { errorText } from '@/api/error-text';
import { EMPLOYEE_UI } from '@/features/employees/employee-text';

/** "Employee failure shows a failure dialog" (back-office.md §8): the error's text, or the given messages. */
export function useFailureDialog() {
  const { modal } = App.useApp();
  return useCallback(
    (failure: unknown) => {
      const text = Array.isArray(failure) ? failure.join('\n') : errorText(failure);
      modal.error({
        title: EMPLOYEE_UI.failureTitle,
        content: (
          <div data-testid="employee-failure" style={{ whiteSpace: 'pre-line' }}>
            {text}
          </div>
        ),
        okButtonProps: { 'data-testid': 'employee-failure-ok' } as ButtonProps,
      });
    },
    [modal],
  );
}
