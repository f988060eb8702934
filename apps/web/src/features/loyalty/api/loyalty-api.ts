import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { LoyaltyVisibility } from '@b2b/contracts/loyalty';
import { CLIENT_ROUTES } from '@b2b/contracts/routes/clients';
import { LOYALTY_ROUTES as R } from '@b2b/contracts/routes/loyalty';
import { api } from '@/api/api-client';
import type { BalanceRequest, ParticipationRequest } from '@/features/loyalty/loyalty-list-params';
import { QUERY_ROOT, useInvalidateAfter } from '@/shared/query/resource-changes';

/** The parts of the programme read and saved whole (GET and POST loyalty/<part>/). */
export type LoyaltyPart = 'statuses' | 'coefficients' | 'visability' | 'scoring';

/** The one query-key factory of the loyalty feature. */
export const loyaltyKeys = {
  all: [QUERY_ROOT.loyalty] as const,
  shop: () => [...loyaltyKeys.all, 'shop'] as const,
  part: (part: LoyaltyPart) => [...loyaltyKeys.all, 'part', part] as const,
  participations: () => [...loyaltyKeys.all, 'participation'] as const,
  participation: (request: ParticipationRequest) => [...loyaltyKeys.participations(), request] as const,
  balances: () => [...loyaltyKeys.all, 'balance'] as const,
  balance: (request: BalanceRequest) => [...loyaltyKeys.balances(), request] as const,
  clientChoices: (query: string) => [...loyaltyKeys.all, 'client-choices', query] as const,
};

/* ---------- reads ---------- */

export const fetchLoyaltyShop = (signal?: AbortSignal) => api.call(R.shop, {}, { signal });

/** INSTALLED, STATUS (on), ITEM (the settings) or DEFAULT (the install form's values). */
export const loyaltyShopQuery = () => queryOptions({ queryKey: loyaltyKeys.shop(), queryFn: ({ signal }) => fetchLoyaltyShop(signal) });
export const useLoyaltyShop = () => useQuery(loyaltyShopQuery());

/** The settings forms are not reloaded under the user's hands by a window focus. */
const formData = { refetchOnWindowFocus: false } as const;

export const statusesQuery = () =>
  queryOptions({ queryKey: loyaltyKeys.part('statuses'), queryFn: ({ signal }) => api.call(R.statuses.get, {}, { signal }), ...formData });
export const coefficientsQuery = () =>
  queryOptions({ queryKey: loyaltyKeys.part('coefficients'), queryFn: ({ signal }) => api.call(R.coefficients.get, {}, { signal }), ...formData });
export const visibilityQuery = () =>
  queryOptions({ queryKey: loyaltyKeys.part('visability'), queryFn: ({ signal }) => api.call(R.visability.get, {}, { signal }), ...formData });
export const scoringQuery = () =>
  queryOptions({ queryKey: loyaltyKeys.part('scoring'), queryFn: ({ signal }) => api.call(R.scoring.get, {}, { signal }), ...formData });

export const useLoyaltyStatuses = () => useQuery(statusesQuery());
export const useLoyaltyCoefficients = () => useQuery(coefficientsQuery());
export const useLoyaltyVisibility = () => useQuery(visibilityQuery());
export const useLoyaltyScoring = () => useQuery(scoringQuery());

export const fetchParticipation = (request: ParticipationRequest, signal?: AbortSignal) => api.call(R.participation, { query: request }, { signal });

/** Paging and filtering keep the previous rows on screen until the next page arrives. */
export const participationQuery = (request: ParticipationRequest) =>
  queryOptions({
    queryKey: loyaltyKeys.participation(request),
    queryFn: ({ signal }) => fetchParticipation(request, signal),
    placeholderData: keepPreviousData,
  });
export const useParticipation = (request: ParticipationRequest) => useQuery(participationQuery(request));

export const fetchBalance = (request: BalanceRequest, signal?: AbortSignal) => api.call(R.balance, { query: request }, { signal });

export const balanceQuery = (request: BalanceRequest) =>
  queryOptions({ queryKey: loyaltyKeys.balance(request), queryFn: ({ signal }) => fetchBalance(request, signal), placeholderData: keepPreviousData });
export const useLoyaltyBalance = (request: BalanceRequest) => useQuery(balanceQuery(request));

/** The clients a balance filter may name: the short client list, searched on the server. */
export const useClientChoices = (query: string) =>
  useQuery({
    queryKey: loyaltyKeys.clientChoices(query),
    queryFn: ({ signal }) => api.call(CLIENT_ROUTES.short, { query: { query, limit: 50 } }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });

/* ---------- writes: every one changes the loyalty screens, the clients' loyalty and the info ---------- */

/** The settings form as sent: files as multipart parts, a removal as <name>_del=Y. */
export interface LoyaltySettingsBody {
  title: string;
  description: string;
  visability: LoyaltyVisibility;
  burn_days: string;
  logo?: File;
  logo_del?: 'Y';
  offer_file?: File;
  offer_file_del?: 'Y';
}

/** Installs the programme (its first save) or saves its settings. */
const saveSettings = (body: LoyaltySettingsBody) => api.call(R.saveShop, { body });

const switchProgram = (on: boolean) => api.call(R.switch, { body: { STATUS: on ? 'Y' : 'N' } });

export interface StatusRowBody {
  ID?: string;
  TITLE: string;
  MULTIPLIER: string;
  THRESHOLD: string;
}
export interface CoefficientRowBody {
  tm: string;
  multiplier: string;
}
export interface GroupVisibilityBody {
  GROUP_ID: string;
  VISABILITY: LoyaltyVisibility;
}
export interface ScoringRowBody {
  markup_from: string;
  markup_to: string;
  markup_pct_from: string;
  markup_pct_to: string;
  points_pct: string;
}

/** A whole list is sent; an empty one as "" (an empty array would not be sent at all). */
const listOrEmpty = <T>(rows: T[]): T[] | '' => (rows.length ? rows : '');

const saveStatuses = (rows: StatusRowBody[]) => api.call(R.statuses.save, { body: { statuses: listOrEmpty(rows) } });
const saveCoefficients = (rows: CoefficientRowBody[]) => api.call(R.coefficients.save, { body: { coefficients: listOrEmpty(rows) } });
const saveVisibility = (v: { visability: LoyaltyVisibility; groups: GroupVisibilityBody[] }) =>
  api.call(R.visability.save, { body: { visability: v.visability, groups: listOrEmpty(v.groups) } });
const saveScoring = (rows: ScoringRowBody[]) => api.call(R.scoring.save, { body: { rules: listOrEmpty(rows) } });

/** Connects a client (enabled=Y, with a card code or a generated one) or disconnects it (enabled=N). */
const setParticipation = (v: { client_id: number; enabled: boolean; card_code?: string }) =>
  api.call(R.setParticipation, { body: { client_id: v.client_id, enabled: v.enabled ? 'Y' : 'N', card_code: v.card_code || undefined } });

export interface AdjustPoints {
  direction: 'plus' | 'minus';
  client_id: number;
  points: string;
  comment: string;
  /** One per opened modal: the same key sent twice changes the balance once. */
  key: string;
}

/** clients/plus or clients/minus: SUCCESS Y with the MESSAGE and the new BALANCE. */
const adjustPoints = ({ direction, ...body }: AdjustPoints) => api.call(direction === 'plus' ? R.plus : R.minus, { body });

const setClientStatus = (v: { client_id: number; status_id: number; date_status_end: string }) =>
  api.call(R.setStatus, { params: { id: v.client_id }, body: { status_id: String(v.status_id), date_status_end: v.date_status_end } });

/** The forms and modals show their own errors (on their fields, the first one above the buttons). */
const quiet = { meta: { toastError: false } } as const;

const useLoyaltyMutation = <V, A>(mutationFn: (v: V) => Promise<A>) =>
  useMutation({ mutationFn, onSuccess: useInvalidateAfter('loyalty'), ...quiet });

export const useSaveLoyaltySettings = () => useLoyaltyMutation(saveSettings);
export const useSwitchLoyalty = () => useLoyaltyMutation(switchProgram);
export const useSaveStatuses = () => useLoyaltyMutation(saveStatuses);
export const useSaveCoefficients = () => useLoyaltyMutation(saveCoefficients);
export const useSaveVisibility = () => useLoyaltyMutation(saveVisibility);
export const useSaveScoring = () => useLoyaltyMutation(saveScoring);
export const useSetParticipation = () => useLoyaltyMutation(setParticipation);
export const useAdjustPoints = () => useLoyaltyMutation(adjustPoints);
export const useSetClientStatus = () => useLoyaltyMutation(setClientStatus);
