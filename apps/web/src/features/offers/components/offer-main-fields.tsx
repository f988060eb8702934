import { Checkbox, Col, DatePicker, Form, Input, Row, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { LIMITS } from '@b2b/contracts/limits';
import { OFFER_MSG, type OfferCard } from '@b2b/contracts/offers';
import { useOfferTypes } from '@/features/offers/api/offers-api';
import { isOneLetter } from '@/features/offers/offer-checks';
import { OFFERS_UI as T } from '@/features/offers/offers-text';
import { SCREEN_DAY } from '@/shared/inputs/day-range';

const digits = (v: string | undefined) => (v ?? '').replace(/\D/g, '').slice(0, 9);
const signedDigits = (v: string | undefined) =>
  (v ?? '')
    .replace(/[^\d-]/g, '')
    .replace(/(?!^)-/g, '')
    .slice(0, 7);

/** Name, type, description, period, limit, sort and the flags of an offer. */
export function OfferMainFields({ offer }: { offer?: OfferCard }) {
  const types = useOfferTypes();
  // The stored type stays choosable even before the dictionary arrives.
  const options =
    types.data?.ITEMS.map((t) => ({ value: t.CODE, label: t.NAME })) ?? (offer ? [{ value: offer.TYPE.CODE, label: offer.TYPE.NAME }] : []);
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={14}>
          <Form.Item name="name" label={T.form.name} rules={[{ required: true, whitespace: true, message: OFFER_MSG.nameRequired }]}>
            <Input maxLength={LIMITS.offerNameMax} data-testid="offer-name-input" />
          </Form.Item>
        </Col>
        <Col xs={24} md={10}>
          <Form.Item name="type" label={T.form.type} rules={[{ required: true, message: OFFER_MSG.typeRequired }]}>
            <Select options={options} loading={types.isLoading} data-testid="offer-type-select" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="description"
        label={T.form.description}
        rules={[
          {
            validator: async (_, v: string | undefined) => {
              if (isOneLetter(v)) throw new Error(OFFER_MSG.descriptionOneLetter);
            },
          },
        ]}
      >
        <Input.TextArea rows={3} maxLength={LIMITS.offerDescriptionMax} showCount data-testid="offer-description" />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={12} md={6}>
          <Form.Item name="date_start" label={T.form.dateStart} rules={[{ required: true, message: OFFER_MSG.dateStartRequired }]}>
            <DatePicker format={SCREEN_DAY} style={{ width: '100%' }} data-testid="offer-date-start" />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item
            name="date_end"
            label={T.form.dateEnd}
            dependencies={['date_start']}
            rules={[
              ({ getFieldValue }) => ({
                validator: async (_, end: Dayjs | null) => {
                  const start = getFieldValue('date_start') as Dayjs | null;
                  if (start && end && end.isBefore(start, 'day')) throw new Error(OFFER_MSG.dateEndBeforeStart);
                },
              }),
            ]}
          >
            <DatePicker format={SCREEN_DAY} style={{ width: '100%' }} data-testid="offer-date-end" />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="limit" label={T.form.limit} normalize={digits} extra={offer ? T.form.used(offer.USED) : T.form.limitHint}>
            <Input inputMode="numeric" placeholder={T.noLimit} data-testid="offer-limit-input" />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="sort" label={T.form.sort} normalize={signedDigits}>
            <Input inputMode="numeric" placeholder="500" data-testid="offer-sort-input" />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col>
          <Form.Item name="active" valuePropName="checked">
            <Checkbox data-testid="offer-active">{T.form.active}</Checkbox>
          </Form.Item>
        </Col>
        <Col>
          <Form.Item name="not_in_basket" valuePropName="checked">
            <Checkbox data-testid="offer-not-in-basket">{T.form.notInBasket}</Checkbox>
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
