import { useState } from 'react';
import { Alert, Button, Modal, Popconfirm, Table } from 'antd';
import { ACTION_LABEL } from '@b2b/contracts/messages';
import { PRICING_MSG, type PriceUpload } from '@b2b/contracts/pricing';
import { downloadFile } from '@/api/download-export';
import { errorText } from '@/api/error-text';
import { HISTORY_PAGE_SIZE, useUploadAction, useUploadHistory } from '@/features/pricing/api/pricing-api';
import { type FilePart, hasValidity, type PanelTarget } from '@/features/pricing/panel/price-file-target';
import { PANEL_UI as T, PHASE_LABEL, UPLOAD_SOURCE_LABEL, UPLOAD_TYPE_LABEL } from '@/features/pricing/panel/pricing-panel-text';
import { uploadPhase } from '@/features/pricing/panel/upload-phase';
import { formatDate, formatDateTime } from '@/shared/formatters/format-date';
import { formatCount } from '@/shared/formatters/format-number';
import { notifySuccess } from '@/shared/ui/notify';

/** The uploads of a part, newest first (§3 Upload history row and its state); «Откатить» on the latest applied one. */
export function UploadHistoryModal({ target, part, canAct, onClose }: { target: PanelTarget; part: FilePart; canAct: boolean; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const history = useUploadHistory(target, part, (page - 1) * HISTORY_PAGE_SIZE, true);
  const act = useUploadAction(target, part);
  const prices = hasValidity(part);

  const rollback = async (u: PriceUpload) => {
    const answer = await act.mutateAsync({ action: 'rollback', uploadId: u.ID });
    notifySuccess(answer.MESSAGE ?? PRICING_MSG.rollbackQueued);
  };

  return (
    <Modal open title={T.history} width={1000} footer={null} onCancel={onClose} destroyOnHidden>
      {history.error ? (
        <Alert type="error" showIcon title={errorText(history.error)} />
      ) : (
        <Table<PriceUpload>
          data-testid="upload-history"
          rowKey="ID"
          size="small"
          loading={history.isFetching}
          dataSource={history.data?.ITEMS ?? []}
          locale={{ emptyText: T.historyEmpty }}
          onRow={(u) => ({ 'data-testid': `history-row-${u.ID}` }) as React.HTMLAttributes<HTMLElement>}
          pagination={{
            current: page,
            pageSize: HISTORY_PAGE_SIZE,
            total: history.data?.NAV.CNT ?? 0,
            onChange: setPage,
            showSizeChanger: false,
            hideOnSinglePage: true,
          }}
          scroll={{ x: 900 }}
          columns={[
            { key: 'type', title: T.type, render: (_, u) => UPLOAD_TYPE_LABEL[u.type] },
            {
              key: 'file',
              title: T.file,
              render: (_, u) =>
                u.download ? (
                  <Button
                    type="link"
                    size="small"
                    style={{ padding: 0 }}
                    onClick={() => void downloadFile(u.download!, u.FILE_NAME)}
                    data-testid="history-download"
                  >
                    {u.FILE_NAME}
                  </Button>
                ) : (
                  u.FILE_NAME
                ),
            },
            { key: 'source', title: T.uploadSource, render: (_, u) => <span data-col="SOURCE">{UPLOAD_SOURCE_LABEL[u.SOURCE]}</span> },
            { key: 'rows', title: T.rows, dataIndex: 'string_count', align: 'right', render: (n: number) => formatCount(n) },
            { key: 'count', title: T.count, dataIndex: 'count', align: 'right', render: (n: number) => formatCount(n) },
            { key: 'date', title: T.dateUpload, render: (_, u) => formatDateTime(u.date_upload) },
            ...(prices
              ? [
                  {
                    key: 'end',
                    title: T.dateEnd,
                    render: (_: unknown, u: PriceUpload) => (u.date_end ? formatDate(u.date_end) : u.APPLIED === 'Y' ? T.termless : ''),
                  },
                  { key: 'period', title: T.periodColumn, render: (_: unknown, u: PriceUpload) => T.periodLabel(u.period ?? 0) },
                ]
              : []),
            { key: 'state', title: T.state, render: (_, u) => <span data-col="STATE">{PHASE_LABEL[uploadPhase(u)]}</span> },
            {
              key: 'actions',
              render: (_, u) =>
                canAct &&
                u.CAN_ROLLBACK === 'Y' && (
                  <Popconfirm
                    title={T.rollbackConfirm}
                    okText={T.rollback}
                    cancelText={ACTION_LABEL.cancel}
                    onConfirm={() => rollback(u)}
                    okButtonProps={{ danger: true, loading: act.isPending }}
                  >
                    <Button size="small" danger data-testid="history-rollback">
                      {T.rollback}
                    </Button>
                  </Popconfirm>
                ),
            },
          ]}
        />
      )}
    </Modal>
  );
}
