import { Alert, Button, Modal } from 'antd';
import { ACTION_LABEL } from '@b2b/contracts/messages';

/**
 * The frame of an order action's modal: its content, the one error it shows (a refused input, or a SUCCESS "N"
 * answer: a failure, never a success) and Отмена / the submit button.
 */
export function ActionModal({
  title,
  testId,
  submitLabel,
  submitTestId,
  danger,
  submitDisabled,
  width,
  pending,
  error,
  errorTestId,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  testId: string;
  submitLabel: string;
  submitTestId: string;
  danger?: boolean;
  submitDisabled?: boolean;
  width?: number;
  pending: boolean;
  error: string | null;
  errorTestId: string;
  onSubmit: () => void;
  onClose: () => void;
  children: React.ReactNode;
}) {
  return (
    <Modal
      open
      title={title}
      width={width}
      onCancel={pending ? undefined : onClose}
      mask={{ closable: !pending }}
      footer={[
        <Button key="cancel" onClick={onClose} disabled={pending}>
          {ACTION_LABEL.cancel}
        </Button>,
        <Button key="submit" type="primary" danger={danger} loading={pending} disabled={submitDisabled} onClick={onSubmit} data-testid={submitTestId}>
          {submitLabel}
        </Button>,
      ]}
    >
      <div data-testid={testId}>
        {children}
        {error && <Alert type="error" showIcon style={{ marginTop: 12, whiteSpace: 'pre-line' }} title={error} data-testid={errorTestId} />}
      </div>
    </Modal>
  );
}
