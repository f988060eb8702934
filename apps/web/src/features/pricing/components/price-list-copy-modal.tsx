import { useEffect, useState } from 'react';
import { Form, Input, Typography } from 'antd';
import {
  PRICE_LIST_KIND,
  PRICE_LIST_MSG,
  PRICE_LIST_NAME_MAX,
  type PriceListItem,
  type PriceListSaved,
  type PriceListType,
} from '@b2b/contracts/price-lists';
import { errorText } from '@/api/error-text';
import { useCopyPriceList } from '@/features/pricing/api/price-lists-api';
import { nameRule, PriceListModal } from '@/features/pricing/components/price-list-modal';
import { PRICE_LISTS_UI } from '@/features/pricing/price-lists-text';

interface Props {
  type: PriceListType;
  /** The list or column to copy; none closes the modal. */
  item?: PriceListItem;
  onClose: () => void;
  onCopied: (answer: PriceListSaved) => void;
}

/** Copy tree: the copy's name («{name} (копия)» offered); a failure (the columns limit) shows in the modal. */
export function PriceListCopyModal({ type, item, onClose, onCopied }: Props) {
  const kind = PRICE_LIST_KIND[type];
  const [form] = Form.useForm<{ name: string }>();
  const copy = useCopyPriceList();
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!item) return;
    form.setFieldsValue({ name: `${item.NAME}${PRICE_LIST_MSG.copySuffix}`.slice(0, PRICE_LIST_NAME_MAX) });
  }, [item, form]);

  const submit = async ({ name }: { name: string }) => {
    if (!item) return;
    setFailure(null);
    try {
      const answer = await copy.mutateAsync({ type, id: item.ID, name });
      onCopied(answer);
      onClose();
    } catch (error) {
      setFailure(errorText(error));
    }
  };

  return (
    <PriceListModal
      open={item !== undefined}
      title={PRICE_LISTS_UI.copyTitle[kind]}
      okText={PRICE_LISTS_UI.copy}
      pending={copy.isPending}
      testId="price-list-copy"
      failure={failure}
      onOk={() => form.submit()}
      onClose={onClose}
      afterClose={() => setFailure(null)}
    >
      <Typography.Paragraph type="secondary">{PRICE_LISTS_UI.copyHint}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={submit} data-testid="price-list-copy-form">
        <Form.Item name="name" label={PRICE_LISTS_UI.copyName} rules={[nameRule()]}>
          <Input data-testid="price-list-copy-name" placeholder={item ? `${item.NAME}${PRICE_LIST_MSG.copySuffix}` : undefined} />
        </Form.Item>
      </Form>
    </PriceListModal>
  );
}
