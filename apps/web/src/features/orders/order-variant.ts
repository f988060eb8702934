import { createContext, useContext } from 'react';

/**
 * Whose order screens these are: the partner staff's (/partner/orderlist/, /partner/order/{id}/) or the platform
 * manager's, across partners (/manager/order/, /manager/order/{id}/; back-office.md §7 "Manager variant"). The
 * list and card pages provide it; the api hooks below them (the action modals' too) call the matching routes.
 */
export type OrderVariant = 'partner' | 'manager';

export const OrderVariantContext = createContext<OrderVariant>('partner');

export const useOrderVariant = () => useContext(OrderVariantContext);
