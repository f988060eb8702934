import { Alert, Button, Col, Progress, Row, Space, Table, Typography } from 'antd';
import { PRICING_MSG, type PriceUpload, type UploadPreview } from '@b2b/contracts/pricing';
import { PLURAL, pluralRu } from '@b2b/contracts/plural-ru';
import { downloadFile } from '@/api/download-export';
import { useUploadAction } from '@/features/pricing/api/pricing-api';
import { type FilePart, hasValidity, type PanelTarget } from '@/features/pricing/panel/price-file-target';
import { PANEL_UI as T } from '@/features/pricing/panel/pricing-panel-text';
import { uploadPhase } from '@/features/pricing/panel/upload-phase';
import { formatDateTime } from '@/shared/formatters/format-date';
import { formatMoney } from '@/shared/formatters/format-money';
import { formatCount } from '@/shared/formatters/format-number';
import { notifySuccess } from '@/shared/ui/notify';
import { RuStatistic } from '@/shared/ui/ru-statistic';

const STATS: { key: keyof Pick<UploadPreview, 'ROWS' | 'UP' | 'DOWN' | 'NEW' | 'SAME' | 'REMOVED'>; label: string }[] = [
  { key: 'ROWS', label: T.previewRows },
  { key: 'UP', label: T.previewUp },
  { key: 'DOWN', label: T.previewDown },
  { key: 'SAME', label: T.previewSame },
  { key: 'NEW', label: T.previewNew },
  { key: 'REMOVED', label: T.previewRemoved },
];

/**
 * What applying the file would change (issues 12.6, 38.3), against the prices the clients pay now: each line rises,
 * falls, stays, is new or takes a loaded price away (as does a replacing file of the loaded prices it does not name);
 * «Применено» then counts all but those that stay.
 */
function Preview({
  upload,
  part,
  canAct,
  onAct,
  acting,
}: {
  upload: PriceUpload;
  part: FilePart;
  canAct: boolean;
  onAct: (action: 'apply' | 'cancel') => void;
  acting: boolean;
}) {
  const preview = upload.PREVIEW!;
  const value = (v: string | null) => (v === null ? '—' : hasValidity(part) ? formatMoney(v) : v);
  return (
    <div data-testid="upload-preview">
      <Typography.Text strong>{T.previewTitle}</Typography.Text>
      <Typography.Text type="secondary"> · {T.fileOf(upload.FILE_NAME, formatDateTime(upload.date_upload))}</Typography.Text>
      <Row gutter={16} style={{ margin: '8px 0' }}>
        {STATS.map((s) => (
          <Col key={s.key} data-testid={`preview-${s.key}`}>
            <RuStatistic title={s.label} value={preview[s.key]} />
          </Col>
        ))}
      </Row>
      {preview.WARNING && <Alert type="warning" showIcon title={preview.WARNING} style={{ marginBottom: 8 }} data-testid="preview-warning" />}
      {preview.TOP.length > 0 && (
        <Table
          data-testid="preview-top"
          title={() => T.topTitle}
          size="small"
          rowKey="ID"
          pagination={false}
          dataSource={preview.TOP}
          columns={[
            { key: 'code', title: T.code, dataIndex: 'UP_CODE_1C', width: 90 },
            { key: 'name', title: T.name, dataIndex: 'NAME' },
            { key: 'old', title: T.oldValue, align: 'right', render: (_, r) => value(r.OLD_PRICE) },
            { key: 'new', title: T.newValue, align: 'right', render: (_, r) => value(r.NEW_PRICE) },
          ]}
        />
      )}
      {canAct && (
        <Space style={{ marginTop: 12 }}>
          <Button type="primary" loading={acting} onClick={() => onAct('apply')} data-testid="upload-apply">
            {T.apply}
          </Button>
          <Button disabled={acting} onClick={() => onAct('cancel')} data-testid="upload-cancel">
            {T.cancel}
          </Button>
        </Space>
      )}
    </div>
  );
}

/** The lines in error (line, code, reason) and the file of all of them; nothing was changed. */
function DataErrors({ upload }: { upload: PriceUpload }) {
  return (
    <div data-testid="upload-errors">
      <Alert type="error" showIcon title={T.errorDataTitle(upload.ERROR_COUNT)} style={{ marginBottom: 8 }} />
      <Table
        size="small"
        rowKey={(r) => `${r.LINE}-${r.CODE}-${r.ERROR}`}
        pagination={false}
        dataSource={upload.ERRORS}
        onRow={(r) => ({ 'data-testid': `upload-error-${r.LINE}` }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { key: 'line', title: T.line, dataIndex: 'LINE', width: 80 },
          { key: 'code', title: T.code, dataIndex: 'CODE', width: 110 },
          { key: 'error', title: T.error, dataIndex: 'ERROR' },
        ]}
      />
      <Space style={{ marginTop: 8 }}>
        {upload.ERRORS.length < upload.ERROR_COUNT && (
          <Typography.Text type="secondary">{T.errorsShown(upload.ERRORS.length, upload.ERROR_COUNT)}</Typography.Text>
        )}
        {upload.ERRORS_FILE && (
          <Button
            type="link"
            onClick={() => void downloadFile(upload.ERRORS_FILE!, `Ошибки ${upload.FILE_NAME}`.replace(/\.(csv|xlsx)$/i, '') + '.xlsx')}
            data-testid="upload-errors-file"
          >
            {T.errorsFile}
          </Button>
        )}
      </Space>
    </div>
  );
}

/** The latest upload of a part: its progress while read or applied, the preview to confirm, the errors, or how it ended. */
export function UploadState({ target, part, upload, canAct }: { target: PanelTarget; part: FilePart; upload: PriceUpload | null; canAct: boolean }) {
  const act = useUploadAction(target, part);
  const phase = uploadPhase(upload);
  if (!upload || phase === 'none') return null;

  const run = (action: 'apply' | 'cancel') =>
    act.mutate(
      { action, uploadId: upload.ID },
      { onSuccess: (a) => notifySuccess(a.MESSAGE ?? (action === 'apply' ? PRICING_MSG.applyQueued : PRICING_MSG.cancelled)) },
    );

  const box = (children: React.ReactNode) => (
    <div data-testid="upload-state" data-phase={phase} style={{ marginTop: 16 }}>
      {children}
    </div>
  );

  const measured = phase === 'reading' || ((phase === 'applying' || phase === 'rollingBack') && upload.PROGRESS > 0 && upload.PROGRESS < 100);
  switch (phase) {
    case 'reading':
    case 'applying':
    case 'rollingBack':
      return box(
        <div data-testid="upload-progress">
          <Typography.Text>
            {T[phase]}: {upload.FILE_NAME}
          </Typography.Text>
          {/* An apply or rollback in one transaction (PostgreSQL) has no steps to tell: a running bar without a figure. */}
          <Progress percent={measured ? upload.PROGRESS : 100} status="active" showInfo={measured} />
        </div>,
      );
    case 'preview':
      return box(upload.PREVIEW ? <Preview upload={upload} part={part} canAct={canAct} onAct={run} acting={act.isPending} /> : null);
    case 'errorData':
      return box(<DataErrors upload={upload} />);
    case 'errorFile':
      return box(<Alert type="error" showIcon title={upload.ERRORS[0]?.ERROR || PRICING_MSG.priceUploadFailed} description={upload.FILE_NAME} />);
    case 'applied':
      // A rollback that failed for good leaves the upload applied, with its reason (PRICING_MSG.rollbackFailed).
      if (upload.ERRORS.length)
        return box(
          <Alert
            type="warning"
            showIcon
            title={upload.ERRORS[0].ERROR}
            description={T.fileOf(upload.FILE_NAME, formatDateTime(upload.date_upload))}
          />,
        );
      return box(
        <Alert
          type="success"
          showIcon
          title={PRICING_MSG.applied}
          description={T.appliedOf(`${formatCount(upload.count)} ${pluralRu(upload.count, PLURAL.position)}`, formatDateTime(upload.date_upload))}
        />,
      );
    case 'rolledBack':
      return box(
        <Alert type="info" showIcon title={PRICING_MSG.rolledBack} description={T.fileOf(upload.FILE_NAME, formatDateTime(upload.date_upload))} />,
      );
    case 'cancelled':
      return box(
        <Alert type="info" showIcon title={PRICING_MSG.cancelled} description={T.fileOf(upload.FILE_NAME, formatDateTime(upload.date_upload))} />,
      );
  }
}
