import type { ReactNode } from 'react';
import { Alert, Modal } from 'antd';
import type { Rule } from 'antd/es/form';
import { ACTION_LABEL } from '@b2b/contracts/messages';
import { PRICE_LIST_MSG, PRICE_LIST_NAME_MAX, stripTags } from '@b2b/contracts/price-lists';

interface Props {
  open: boolean;
  title: string;
  okText: string;
  pending: boolean;
  /** data-testid of the OK button (`{testId}-ok`) and of the failure (`{testId}-error`). */
  testId: string;
  /** A failure that belongs to no field (the columns limit), shown above the form. */
  failure: string | null;
  onOk: () => void;
  onClose: () => void;
  afterClose: () => void;
  children: ReactNode;
}

/** The frame of the price list modals (create, edit, copy): a form, and a failure that belongs to no field. */
export function PriceListModal({ open, title, okText, pending, testId, failure, onOk, onClose, afterClose, children }: Props) {
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText={ACTION_LABEL.cancel}
      okButtonProps={{ loading: pending, 'data-testid': `${testId}-ok` }}
      onOk={onOk}
      onCancel={onClose}
      afterClose={afterClose}
      destroyOnHidden
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} data-testid={`${testId}-error`} />}
      {children}
    </Modal>
  );
}

/** A name as the server reads it (tags stripped, trimmed): at most PRICE_LIST_NAME_MAX, and required given its message. */
export const nameRule = (requiredMessage?: string): Rule => ({
  validator: async (_, value: string | undefined) => {
    const name = stripTags(value ?? '');
    if (requiredMessage && !name) throw new Error(requiredMessage);
    if (name.length > PRICE_LIST_NAME_MAX) throw new Error(PRICE_LIST_MSG.nameTooLong(PRICE_LIST_NAME_MAX));
  },
});
