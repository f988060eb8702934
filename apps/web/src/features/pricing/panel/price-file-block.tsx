import { useEffect, useRef, useState } from 'react';
import { Alert, App, Button, type ButtonProps, Card, Dropdown, Skeleton, Space, Typography, Upload } from 'antd';
import { DownloadOutlined, DownOutlined, HistoryOutlined, UploadOutlined } from '@ant-design/icons';
import { ACTION_LABEL, MSG } from '@b2b/contracts/messages';
import { PRICING_MSG, type PricingStatus } from '@b2b/contracts/pricing';
import { SPREADSHEET_ACCEPT } from '@b2b/contracts/spreadsheet-files';
import { countRu, PLURAL } from '@b2b/contracts/plural-ru';
import { isApiError } from '@/api/api-error';
import { errorText } from '@/api/error-text';
import { useDownloadPriceFile, usePriceFileStatus, useResetPriceFile, useUploadAction, useUploadPriceFile } from '@/features/pricing/api/pricing-api';
import type { PanelRights } from '@/features/pricing/panel/panel-rights';
import { type FilePart, hasValidity, type PanelTarget, refuseFile } from '@/features/pricing/panel/price-file-target';
import { PANEL_UI as T } from '@/features/pricing/panel/pricing-panel-text';
import { UploadHistoryModal } from '@/features/pricing/panel/upload-history-modal';
import { type UploadMethod, UploadMethodModal } from '@/features/pricing/panel/upload-method-modal';
import { needsPolling } from '@/features/pricing/panel/upload-phase';
import { UploadState } from '@/features/pricing/panel/upload-state';
import { formatDate } from '@/shared/formatters/format-date';
import { useInvalidateAfter } from '@/shared/query/resource-changes';
import { notifySuccess } from '@/shared/ui/notify';

/** The upload's refusal (error_upload_file), or §8's text when the file did not reach the server. */
const uploadErrorText = (error: unknown) => (isApiError(error) ? error.errors.error_upload_file || errorText(error) : PRICING_MSG.priceUploadFailed);

/** The rows loaded from files and how long prices hold; «Продлить» for 7, 14, 21 days or termless (§9). */
function Loaded({
  status,
  part,
  canProlong,
  onProlong,
}: {
  status: PricingStatus;
  part: FilePart;
  canProlong: boolean;
  onProlong: (days: number) => void;
}) {
  const { COUNT, DATE_END } = status.LOADED;
  if (!COUNT) {
    return (
      <Typography.Paragraph type="secondary" data-testid="loaded" data-count={0} style={{ marginBottom: 0 }}>
        {T.loadedNone}
      </Typography.Paragraph>
    );
  }
  return (
    <Space wrap data-testid="loaded" data-count={COUNT}>
      <span>
        {T.loaded}:{' '}
        <Typography.Text strong data-testid="loaded-count">
          {countRu(COUNT, PLURAL.product)}
        </Typography.Text>
      </span>
      {hasValidity(part) && (
        <span>
          {T.validUntil}:{' '}
          <Typography.Text strong data-testid="loaded-until">
            {DATE_END ? formatDate(DATE_END) : T.termless.toLowerCase()}
          </Typography.Text>
        </span>
      )}
      {hasValidity(part) && canProlong && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: status.PROLONG.map((days) => ({ key: String(days), label: <span data-testid={`prolong-${days}`}>{T.periodLabel(days)}</span> })),
            onClick: ({ key }) => onProlong(Number(key)),
          }}
        >
          <Button size="small" data-testid="prolong">
            {T.prolong} <DownOutlined />
          </Button>
        </Dropdown>
      )}
    </Space>
  );
}

/**
 * One part's price files (§2 price-file upload, remain and multiplicity upload with history, price extension): the
 * current file to download, an upload (after the price-method choice) followed to its preview, apply or errors,
 * the loaded rows with their validity, the reset, and the history.
 */
export function PriceFileBlock({ target, part, rights, title }: { target: PanelTarget; part: FilePart; rights: PanelRights; title: string }) {
  const status = usePriceFileStatus(target, part);
  const upload = useUploadPriceFile(target, part);
  const act = useUploadAction(target, part);
  const reset = useResetPriceFile(target, part);
  const download = useDownloadPriceFile(target, part);
  const priceChanged = useInvalidateAfter('priceList');
  const { modal } = App.useApp();
  const [chosen, setChosen] = useState<File>();
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [historyOpen, setHistoryOpen] = useState(false);

  // §4: a part that finishes (read, or applied) reloads the sections and prices.
  const polling = needsPolling(status.data);
  const wasPolling = useRef(false);
  useEffect(() => {
    if (wasPolling.current && !polling) void priceChanged();
    wasPolling.current = polling;
  }, [polling, priceChanged]);

  const choose = (file: File) => {
    const refusal = refuseFile(file, { tooLarge: MSG.fileTooLarge, unsupported: MSG.fileFormatUnsupported });
    setUploadError(refusal);
    if (!refusal) setChosen(file);
  };

  const send = (method: UploadMethod) =>
    upload.mutate(
      { file: chosen!, ...method },
      {
        onSuccess: (answer) => {
          setChosen(undefined);
          notifySuccess(answer.MESSAGE ?? PRICING_MSG.uploadQueued);
        },
        onError: (error) => {
          setChosen(undefined);
          setUploadError(uploadErrorText(error));
        },
      },
    );

  const confirmReset = () =>
    modal.confirm({
      title: T.resetTitle[part],
      content: T.resetConfirm[part],
      okText: T.reset,
      cancelText: ACTION_LABEL.cancel,
      okButtonProps: { danger: true, 'data-testid': 'reset-ok' } as ButtonProps,
      onOk: async () => notifySuccess((await reset.mutateAsync()).MESSAGE ?? PRICING_MSG.reset),
    });

  const prolong = (period: number) =>
    act.mutate({ action: 'prolong', period }, { onSuccess: (a) => notifySuccess(a.MESSAGE ?? PRICING_MSG.prolonged) });

  const data = status.data;
  return (
    <Card
      size="small"
      title={title}
      data-testid={`price-file-${part}`}
      extra={
        <Button type="link" size="small" icon={<HistoryOutlined />} onClick={() => setHistoryOpen(true)} data-testid="history-open">
          {T.history}
        </Button>
      }
    >
      {status.error ? (
        <Alert type="error" showIcon title={errorText(status.error)} />
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : (
        <>
          <Space wrap style={{ marginBottom: 12 }}>
            {rights.download && (
              <Button icon={<DownloadOutlined />} loading={download.isPending} onClick={() => download.mutate()} data-testid="file-download">
                {T.download}
              </Button>
            )}
            {rights.upload && (
              <Upload
                accept={SPREADSHEET_ACCEPT}
                showUploadList={false}
                disabled={polling || upload.isPending}
                beforeUpload={(file) => {
                  choose(file);
                  return Upload.LIST_IGNORE;
                }}
              >
                <Button type="primary" icon={<UploadOutlined />} loading={upload.isPending} disabled={polling} data-testid="file-upload">
                  {T.upload}
                </Button>
              </Upload>
            )}
            {rights.reset && data.LOADED.COUNT > 0 && (
              <Button danger onClick={confirmReset} data-testid="file-reset">
                {T.reset}
              </Button>
            )}
          </Space>
          <Loaded status={data} part={part} canProlong={rights.upload} onProlong={prolong} />
          {uploadError && (
            <Alert
              type="error"
              showIcon
              title={uploadError}
              style={{ marginTop: 12 }}
              data-testid="upload-refused"
              closable
              onClose={() => setUploadError(null)}
            />
          )}
          <UploadState target={target} part={part} upload={data.UPLOAD} canAct={rights.upload} />
        </>
      )}
      {chosen && <UploadMethodModal file={chosen} part={part} sending={upload.isPending} onSend={send} onClose={() => setChosen(undefined)} />}
      {historyOpen && <UploadHistoryModal target={target} part={part} canAct={rights.upload} onClose={() => setHistoryOpen(false)} />}
    </Card>
  );
}
