import { useEffect, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/api/api-client';
import { settingsKeys } from '@/features/settings/api/settings-keys';

/**
 * A staff-only file (the commercial offer's logo and seal) fetched with the Bearer token, never a token in the
 * URL, and shown through an object URL.
 */
export function usePrivateFileUrl(url: string | null | undefined): string | undefined {
  const { data } = useQuery({
    queryKey: settingsKeys.privateFile(url ?? ''),
    queryFn: ({ signal }) => api.get<Blob>(url as string, { signal, responseType: 'blob', silent: true }),
    enabled: Boolean(url),
    // A file's URL names its content: no refetch on focus.
    staleTime: Infinity,
    retry: false,
  });
  const objectUrl = useMemo(() => (data ? URL.createObjectURL(data) : undefined), [data]);
  useEffect(() => () => (objectUrl ? URL.revokeObjectURL(objectUrl) : undefined), [objectUrl]);
  return objectUrl;
}
