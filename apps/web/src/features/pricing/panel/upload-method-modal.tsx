import { useState } from 'react';
import { type ButtonProps, Modal, Radio, Space, Typography } from 'antd';
import { ACTION_LABEL } from '@b2b/contracts/messages';
import { PROLONG_PERIODS } from '@b2b/contracts/pricing';
import { type FilePart, hasValidity } from '@/features/pricing/panel/price-file-target';
import { PANEL_UI as T } from '@/features/pricing/panel/pricing-panel-text';

export interface UploadMethod {
  keep: 'Y' | 'N';
  period: number;
}

/** The price-method choice before a file is sent (§2): keep the loaded rows and add (Y) or reset and replace (N); the prices' period. */
export function UploadMethodModal({
  file,
  part,
  sending,
  onSend,
  onClose,
}: {
  file: File;
  part: FilePart;
  sending: boolean;
  onSend: (method: UploadMethod) => void;
  onClose: () => void;
}) {
  const [keep, setKeep] = useState<'Y' | 'N'>('Y');
  const [period, setPeriod] = useState<number>(0);
  const prices = hasValidity(part);
  return (
    <Modal
      open
      title={T.methodTitle}
      okText={T.send}
      cancelText={ACTION_LABEL.cancel}
      confirmLoading={sending}
      onOk={() => onSend({ keep, period: prices ? period : 0 })}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'upload-method-ok' } as ButtonProps}
      destroyOnHidden
    >
      <div data-testid="upload-method">
        <Typography.Paragraph>
          {T.methodFile}: <Typography.Text strong>{file.name}</Typography.Text>
        </Typography.Paragraph>
        <Radio.Group value={keep} onChange={(e) => setKeep(e.target.value)} style={{ marginBottom: 16 }}>
          <Space orientation="vertical">
            <Radio value="Y" data-testid="upload-keep-Y">
              {prices ? T.keepY : T.keepYPart}
            </Radio>
            <Radio value="N" data-testid="upload-keep-N">
              {prices ? T.keepN : T.keepNPart}
            </Radio>
          </Space>
        </Radio.Group>
        {prices && (
          <>
            <Typography.Paragraph style={{ marginBottom: 8 }}>{T.period}</Typography.Paragraph>
            <Radio.Group
              optionType="button"
              value={period}
              onChange={(e) => setPeriod(e.target.value)}
              options={PROLONG_PERIODS.map((days) => ({
                value: days,
                label: <span data-testid={`upload-period-${days}`}>{T.periodLabel(days)}</span>,
              }))}
              style={{ marginBottom: 16 }}
            />
          </>
        )}
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {T.methodHint}
        </Typography.Paragraph>
      </div>
    </Modal>
  );
}
