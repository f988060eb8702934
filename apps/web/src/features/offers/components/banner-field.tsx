import { useEffect, useMemo } from 'react';
import { Button, Space, Typography, Upload } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { BANNER_ACCEPT, bannerProblem } from '@/features/offers/offer-checks';
import { OFFERS_UI as T } from '@/features/offers/offers-text';
import { type FileFieldProps, useFileChoice } from '@/features/offers/components/use-file-choice';

/** `stored` is the banner of BANNERS[placement]: its URL is the public picture the shop shows. */
interface Props extends FileFieldProps {
  testId: string;
}

/** One banner of the offer: the stored one or the one chosen to replace it (jpeg or png, at most 300 KB), or removed. */
export function BannerField(props: Props) {
  const { stored, testId, disabled } = props;
  const { chosen, removed, refused, pick, remove } = useFileChoice(props, bannerProblem);
  const chosenUrl = useMemo(() => (chosen ? URL.createObjectURL(chosen) : undefined), [chosen]);
  useEffect(() => () => (chosenUrl ? URL.revokeObjectURL(chosenUrl) : undefined), [chosenUrl]);
  const shown = chosenUrl ?? (removed ? undefined : stored?.URL);

  return (
    <div data-testid={testId} data-state={chosen ? 'new' : removed ? 'removed' : stored ? 'stored' : 'none'}>
      <div
        style={{
          maxWidth: 320,
          height: 100,
          border: '1px dashed #d9d9d9',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          marginBottom: 8,
        }}
      >
        {shown && <img src={shown} alt="" data-testid={`${testId}-img`} style={{ maxWidth: '100%', maxHeight: 100, objectFit: 'contain' }} />}
      </div>
      <Space wrap>
        <Upload beforeUpload={(file) => (pick(file), Upload.LIST_IGNORE)} showUploadList={false} accept={BANNER_ACCEPT} disabled={disabled}>
          <Button icon={<UploadOutlined />} disabled={disabled} data-testid={`${testId}-choose`}>
            {T.form.bannerChoose}
          </Button>
        </Upload>
        {shown && !disabled && (
          <Button icon={<DeleteOutlined />} onClick={remove} data-testid={`${testId}-remove`}>
            {T.form.bannerRemove}
          </Button>
        )}
      </Space>
      {chosen && (
        <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
          {T.form.bannerNew(chosen.name)}
        </Typography.Paragraph>
      )}
      {refused && (
        <Typography.Paragraph type="danger" style={{ margin: '4px 0 0' }} data-testid={`${testId}-refused`}>
          {refused}
        </Typography.Paragraph>
      )}
    </div>
  );
}
