import { useState } from 'react';
import { Button, Card, Popconfirm, Space, Tag, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { LIMITS, SPREADSHEET_EXTENSIONS } from '@b2b/contracts/limits';
import { MSG } from '@b2b/contracts/messages';
import { SHOP_MSG } from '@b2b/contracts/shop';
import { SPREADSHEET_ACCEPT, spreadsheetNameProblem } from '@b2b/contracts/spreadsheet-files';
import { notifySuccess } from '@/shared/ui/notify';
import { formatDate } from '@/shared/formatters/format-date';
import { useDeactivateDeliveryExclude, useDeliveryExclude, useUploadDeliveryExclude } from '@/features/settings/api/delivery-api';
import { errorFor } from '@/features/settings/server-errors';
import { SETTINGS_TEXT as T } from '@/features/settings/settings-text';
import { precheckFile } from '@/features/settings/upload-checks';

/** Products that are not delivered: an xlsx or csv of product codes; its counts; switching it off. */
export function DeliveryExcludeCard({ disabled }: { disabled: boolean }) {
  const { data } = useDeliveryExclude();
  const upload = useUploadDeliveryExclude();
  const deactivate = useDeactivateDeliveryExclude();
  const [error, setError] = useState<string | null>(null);

  const send = (file: File) => {
    const problem =
      spreadsheetNameProblem(file.name) === 'old-excel'
        ? MSG.spreadsheetOldExcel
        : precheckFile(file, SPREADSHEET_EXTENSIONS, LIMITS.uploadMaxBytes, MSG.fileTooLarge);
    setError(problem);
    if (!problem)
      upload.mutate(file, { onSuccess: (a) => notifySuccess(a.MESSAGE ?? SHOP_MSG.saved), onError: (e) => setError(errorFor(e, 'file')) });
  };

  const on = data?.IS_DOWNLOADED === 'Y';
  return (
    <Card title={T.exclude} size="small" style={{ marginBottom: 16 }} data-testid="delivery-exclude">
      <Typography.Paragraph type="secondary">{T.excludeHint}</Typography.Paragraph>
      <Typography.Paragraph data-testid="delivery-exclude-state">
        {on ? (
          <Space wrap>
            <Tag color="green">{data.FILE?.NAME}</Tag>
            <span>{T.excludeCounts(data.COUNT_ITEMS, data.COUNT_IN_FILE)}</span>
            {data.DATE && <span>{formatDate(data.DATE)}</span>}
          </Space>
        ) : (
          T.excludeNone
        )}
      </Typography.Paragraph>
      <Space>
        <Upload beforeUpload={(file) => (send(file), Upload.LIST_IGNORE)} showUploadList={false} accept={SPREADSHEET_ACCEPT} disabled={disabled}>
          <Button icon={<UploadOutlined />} loading={upload.isPending} disabled={disabled}>
            {T.excludeUpload}
          </Button>
        </Upload>
        {on && (
          <Popconfirm
            title={T.excludeOff}
            okText={T.excludeOff}
            cancelText={T.cancel}
            disabled={disabled}
            onConfirm={() => deactivate.mutate(undefined, { onSuccess: (a) => notifySuccess(a.MESSAGE ?? SHOP_MSG.saved) })}
          >
            <Button danger disabled={disabled} loading={deactivate.isPending}>
              {T.excludeOff}
            </Button>
          </Popconfirm>
        )}
      </Space>
      {error && (
        <Typography.Paragraph type="danger" style={{ marginTop: 8, marginBottom: 0 }}>
          {error}
        </Typography.Paragraph>
      )}
    </Card>
  );
}
