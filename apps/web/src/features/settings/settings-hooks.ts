import { useEffect, useRef } from 'react';
import type { FormInstance } from 'antd';
import { useSession } from '@/shared/auth/session-context';

/**
 * What the signed-in user may change here (rights of the contracts; the server enforces them): the shop,
 * tradepoints, delivery and commercial offer for ADMIN and the owner; remains and prices for ADMIN and PRICE.
 */
export function useSettingsRights() {
  const { rights } = useSession();
  return {
    editStore: Boolean(rights?.editStoreSettings),
    editTradepoints: Boolean(rights?.editTradepoints),
    editPrice: Boolean(rights?.editPriceSettings),
  };
}

/** Puts the loaded values into the form, again only when they change (a refetch of other parts keeps edits). */
export function useFormValuesFrom(form: FormInstance, values: object | undefined): void {
  const key = values === undefined ? '' : JSON.stringify(values);
  useEffect(() => {
    if (key) form.setFieldsValue(JSON.parse(key));
  }, [form, key]);
}

/** A ref that always holds the latest value (a callback given to a non-React widget). */
export function useLatest<T>(value: T) {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  }, [value]);
  return ref;
}
