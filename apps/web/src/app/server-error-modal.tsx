import { useEffect, useState } from 'react';
import { Modal } from 'antd';
import { ACTION_LABEL, MSG } from '@b2b/contracts/messages';
import { errorText } from '@/api/error-text';
import { onServerError } from '@/api/server-error-events';

/** The server-error modal of back-office.md §2: opens on a 5xx answer with its detail or status text. */
export function ServerErrorModal() {
  const [detail, setDetail] = useState<string | null>(null);
  useEffect(() => onServerError((error) => setDetail(errorText(error))), []);
  return (
    <Modal
      open={detail !== null}
      title={MSG.serverErrorPage}
      onCancel={() => setDetail(null)}
      onOk={() => setDetail(null)}
      okText={ACTION_LABEL.close}
      cancelButtonProps={{ style: { display: 'none' } }}
    >
      <div data-testid="server-error-modal">{detail}</div>
    </Modal>
  );
}
