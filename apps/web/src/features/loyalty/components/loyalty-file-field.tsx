import { useState } from 'react';
import { Button, Space, Typography, Upload } from 'antd';
import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import type { LoyaltyProgram } from '@b2b/contracts/loyalty';
import { downloadFile } from '@/api/download-export';
import { errorText } from '@/api/error-text';
import { type FileChange, uploadProblem } from '@/features/loyalty/loyalty-files';
import { LOYALTY_UI } from '@/features/loyalty/loyalty-text';
import { notifyError } from '@/shared/ui/notify';

interface Props {
  stored: LoyaltyProgram['LOGO'];
  extensions?: readonly string[];
  testId: string;
  value?: FileChange;
  onChange?: (change: FileChange) => void;
  disabled?: boolean;
}

const T = LOYALTY_UI.settings;

/** A file of the programme (logo, offer): the stored one, the one chosen to replace it, or removed; checked before it is taken. */
export function LoyaltyFileField({ stored, extensions, testId, value, onChange, disabled }: Props) {
  const [refused, setRefused] = useState<string | null>(null);
  const chosen = value && 'file' in value ? value.file : null;
  const removed = !!value && 'remove' in value;
  const shown = !chosen && !removed ? stored : null;

  const pick = (file: File) => {
    const problem = uploadProblem(file, extensions);
    setRefused(problem);
    if (!problem) onChange?.({ file });
  };

  return (
    <div data-testid={testId} data-state={chosen ? 'new' : removed ? 'removed' : stored ? 'stored' : 'none'}>
      <Space wrap>
        {shown && (
          // The partner's own file: fetched with the session's token, never a token in a link.
          <Typography.Link
            onClick={() => downloadFile(shown.URL, shown.NAME).catch((e: unknown) => notifyError(errorText(e)))}
            data-testid={`${testId}-stored`}
          >
            <PaperClipOutlined /> {shown.NAME}
          </Typography.Link>
        )}
        {chosen && <Typography.Text>{T.newFile(chosen.name)}</Typography.Text>}
        <Upload
          beforeUpload={(file) => (pick(file), Upload.LIST_IGNORE)}
          showUploadList={false}
          accept={extensions?.map((ext) => `.${ext}`).join(',')}
          disabled={disabled}
        >
          <Button icon={<UploadOutlined />} disabled={disabled} data-testid={`${testId}-choose`}>
            {T.choose}
          </Button>
        </Upload>
        {(shown || chosen) && !disabled && (
          <Button icon={<DeleteOutlined />} onClick={() => onChange?.(stored ? { remove: true } : null)} data-testid={`${testId}-remove`}>
            {T.remove}
          </Button>
        )}
      </Space>
      {refused && (
        <Typography.Paragraph type="danger" style={{ margin: '4px 0 0' }} data-testid={`${testId}-refused`}>
          {refused}
        </Typography.Paragraph>
      )}
    </div>
  );
}
