import { useState } from 'react';
import { Alert, Button, Card, Flex, Input, Typography } from 'antd';
import { REVIEW_MAX } from '@b2b/contracts/storefront';
import { errorText } from '@/api/error-text';
import { useSendReview } from '@/features/storefront/api/storefront-api';
import { useShop } from '@/features/storefront/shop-context';
import { SHOP_UI } from '@/features/storefront/shop-text';

const R = SHOP_UI.review;

/** /shop/{link}/review: a review to the supplier (it reaches the partner's back office and the shop's e-mail). */
export function ReviewPage() {
  const { link, shop } = useShop();
  const send = useSendReview(link);
  const [text, setText] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  return (
    <Flex vertical gap={12} style={{ maxWidth: 720 }}>
      <Typography.Title level={3} style={{ margin: 0 }} data-testid="page-title">
        {R.title}
      </Typography.Title>
      <Card>
        <Typography.Paragraph type="secondary">{R.hint(shop.NAME)}</Typography.Paragraph>
        {sent && <Alert type="success" showIcon title={sent} style={{ marginBottom: 12 }} data-testid="review-sent" />}
        {send.error && <Alert type="error" showIcon title={errorText(send.error)} style={{ marginBottom: 12 }} data-testid="review-error" />}
        <Input.TextArea rows={6} maxLength={REVIEW_MAX} showCount value={text} onChange={(e) => setText(e.target.value)} data-testid="review-input" />
        <Button
          type="primary"
          style={{ marginTop: 12 }}
          loading={send.isPending}
          disabled={!text.trim()}
          onClick={() =>
            send.mutate(text, {
              onSuccess: (answer) => {
                setSent(answer.MESSAGE ?? '');
                setText('');
              },
            })
          }
          data-testid="review-submit"
        >
          {R.submit}
        </Button>
      </Card>
    </Flex>
  );
}
