import { useEffect } from 'react';
import { Button, Col, Form, Input, Row, Typography, type FormInstance } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { LIMITS } from '@b2b/contracts/limits';
import { OFFER_MSG } from '@b2b/contracts/offers';
import { lookupProduct, offerKeys, useProductByCode } from '@/features/offers/api/offers-api';
import { cleanProductCode, isProductCode, presentSumProblem } from '@/features/offers/offer-checks';
import type { OfferFormValues } from '@/features/offers/offer-form-values';
import { OFFERS_UI as T } from '@/features/offers/offers-text';
import { cleanMoneyInput } from '@/shared/inputs/money';

/** The product a gift's code names: its name once found, or why not; the row keeps the found product's ID. */
function PresentProduct({ form, index }: { form: FormInstance<OfferFormValues>; index: number }) {
  const code = (Form.useWatch(['presents', index, 'code'], form) as string | undefined) ?? '';
  const lookup = useProductByCode(code);
  const found = isProductCode(code) && lookup.data?.SUCCESS === 'Y' ? lookup.data : undefined;

  useEffect(() => {
    const path: ['presents', number, 'ID'] = ['presents', index, 'ID'];
    if (form.getFieldValue(path) !== found?.ID) form.setFieldValue(path, found?.ID);
  }, [form, index, found?.ID]);

  if (!isProductCode(code)) return null;
  if (lookup.isFetching && !found) return <Typography.Text type="secondary">{T.form.presentLooking}</Typography.Text>;
  if (found) return <Typography.Text data-testid="present-product">{found.NAME}</Typography.Text>;
  if (lookup.data) {
    return (
      <Typography.Text type="danger" data-testid="present-product-missing">
        {lookup.data.MESSAGE ?? OFFER_MSG.presentProductUnknown}
      </Typography.Text>
    );
  }
  return null;
}

/**
 * The gifts (PRESENTS): up to LIMITS.offerPresentsMax rows, each a 6-digit product code looked up as it is typed
 * (GET catalog/product/?code1c=…) and the order sum from which the gift is given; each sum above the one before.
 */
export function PresentRows({ form, disabled }: { form: FormInstance<OfferFormValues>; disabled: boolean }) {
  const queryClient = useQueryClient();
  /** On save, a code's product is awaited (the lookup is cached by code, so it usually is there already). */
  const productKnown = async (code: string | undefined) => {
    if (!isProductCode(code)) throw new Error(OFFER_MSG.presentProductRequired);
    const found = await queryClient.fetchQuery({
      queryKey: offerKeys.product(code!),
      queryFn: ({ signal }) => lookupProduct(code!, signal),
      staleTime: Infinity,
    });
    if (found.SUCCESS !== 'Y') throw new Error(found.MESSAGE ?? OFFER_MSG.presentProductUnknown);
  };

  return (
    <Form.List name="presents">
      {(fields, { add, remove }) => (
        <div data-testid="offer-presents">
          {fields.map((field, index) => (
            <Row key={field.key} gutter={8} align="top" data-testid="present-row">
              <Col flex="160px">
                <Form.Item
                  name={[field.name, 'code']}
                  label={index === 0 ? T.form.presentCode : undefined}
                  normalize={(v: string) => cleanProductCode(v ?? '')}
                  rules={[{ validator: (_, value: string | undefined) => productKnown(value) }]}
                  validateDebounce={300}
                >
                  <Input inputMode="numeric" maxLength={LIMITS.productCodeLength} data-testid="present-code" />
                </Form.Item>
                <Form.Item name={[field.name, 'ID']} hidden>
                  <Input />
                </Form.Item>
              </Col>
              <Col flex="auto" style={{ paddingTop: index === 0 ? 34 : 6 }}>
                <PresentProduct form={form} index={field.name} />
              </Col>
              <Col flex="200px">
                <Form.Item
                  name={[field.name, 'sum']}
                  label={index === 0 ? T.form.presentSum : undefined}
                  normalize={(v: string) => cleanMoneyInput(v ?? '', 2)}
                  dependencies={fields.slice(0, index).map((f) => ['presents', f.name, 'sum'])}
                  rules={[
                    { required: true, message: OFFER_MSG.presentSumRequired },
                    ({ getFieldValue }) => ({
                      validator: async () => {
                        const rows = (getFieldValue('presents') as OfferFormValues['presents'] | undefined) ?? [];
                        const problem = presentSumProblem(
                          rows.map((r) => r?.sum),
                          index,
                        );
                        if (problem) throw new Error(problem);
                      },
                    }),
                  ]}
                >
                  <Input inputMode="decimal" data-testid="present-sum" />
                </Form.Item>
              </Col>
              <Col flex="40px" style={{ paddingTop: index === 0 ? 30 : 0 }}>
                {!disabled && (
                  <Button
                    icon={<DeleteOutlined />}
                    aria-label={T.form.presentRemove}
                    title={T.form.presentRemove}
                    onClick={() => remove(field.name)}
                    data-testid="present-remove"
                  />
                )}
              </Col>
            </Row>
          ))}
          {!disabled && (
            <Button
              icon={<PlusOutlined />}
              onClick={() => add({ code: '', sum: '' })}
              disabled={fields.length >= LIMITS.offerPresentsMax}
              data-testid="present-add"
            >
              {T.form.presentAdd}
            </Button>
          )}
        </div>
      )}
    </Form.List>
  );
}
