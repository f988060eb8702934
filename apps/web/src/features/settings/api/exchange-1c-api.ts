import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Exchange1cSaveInput } from '@b2b/contracts/exchange-1c';
import { EXCHANGE_1C_ROUTES as R } from '@b2b/contracts/routes/exchange-1c';
import { api } from '@/api/api-client';
import { settingsKeys } from '@/features/settings/api/settings-keys';
import { useSettingsMutation } from '@/features/settings/api/settings-mutation';

/** The keys of the tab «Обмен с 1С», under the settings feature's factory. */
export const exchange1cKeys = {
  all: () => [...settingsKeys.all, 'exchange-1c'] as const,
  view: () => [...exchange1cKeys.all(), 'view'] as const,
  log: (offset: number) => [...exchange1cKeys.all(), 'log', offset] as const,
};

/** How often the log is read again while a run of its page is running. */
export const LOG_REFRESH_MS = 2000;

export const exchange1cQuery = () => queryOptions({ queryKey: exchange1cKeys.view(), queryFn: ({ signal }) => api.call(R.view, {}, { signal }) });

export const useExchange1c = () => useQuery(exchange1cQuery());

/** A page of the log; read again every 2 s while one of its runs is running. */
export const useExchange1cLog = (offset: number) =>
  useQuery({
    queryKey: exchange1cKeys.log(offset),
    queryFn: ({ signal }) => api.call(R.log, { query: { offset } }, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.ITEMS.some((run) => run.STATUS === 'RUNNING') ? LOG_REFRESH_MS : false),
  });

/** Saves the account, statuses and mapping; the form shows its own errors. */
export const useSaveExchange1c = () =>
  useSettingsMutation((body: Exchange1cSaveInput) => api.call(R.save, { body }, { silent: true }), [exchange1cKeys.view()]);
