import { Modal } from 'antd';
import { ACTION_LABEL } from '@b2b/contracts/messages';
import { FirstError } from '@/features/loyalty/components/use-loyalty-save';

interface Props {
  title: string;
  okText?: string;
  pending: boolean;
  /** Names the OK button (`<testId>-submit`) and the refusal's alert (`<testId>-error`). */
  testId: string;
  /** Submits the modal's form. */
  onOk: () => void;
  onClose: () => void;
  /** The first message of a refused request, shown under the form. */
  failure: string | null;
  children: React.ReactNode;
}

/** A modal about one member (connect, status, points): its form, the first error of a refusal, save or cancel. */
export function MemberModal({ title, okText = ACTION_LABEL.save, pending, testId, onOk, onClose, failure, children }: Props) {
  return (
    <Modal
      open
      title={title}
      okText={okText}
      cancelText={ACTION_LABEL.cancel}
      okButtonProps={{ loading: pending, 'data-testid': `${testId}-submit` }}
      onOk={onOk}
      onCancel={onClose}
      destroyOnHidden
    >
      {children}
      <FirstError text={failure} testId={`${testId}-error`} />
    </Modal>
  );
}
