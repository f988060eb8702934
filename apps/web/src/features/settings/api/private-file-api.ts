import { useEffect, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FILE_ROUTES as R } from '@b2b/contracts/routes/files';
import type { FileRef } from '@b2b/contracts/shop-wire';
import { api } from '@/api/api-client';
import { ApiError } from '@/api/api-error';
import { settingsKeys } from '@/features/settings/api/settings-keys';

async function fetchFile(fileId: string, signal: AbortSignal): Promise<Blob> {
  const bytes = await api.call(R.download, { params: { fileId } }, { signal, responseType: 'blob', silent: true });
  if (!(bytes instanceof Blob)) throw new ApiError('contract', 200, R.download.path, bytes);
  return bytes;
}

/**
 * A staff-only file (the commercial offer's logo and seal) fetched with the Bearer token, never a token in the
 * URL, and shown through an object URL.
 */
export function usePrivateFileUrl(file: FileRef | null | undefined): string | undefined {
  const fileId = file?.ID ?? '';
  const { data } = useQuery({
    queryKey: settingsKeys.privateFile(fileId),
    queryFn: ({ signal }) => fetchFile(fileId, signal),
    enabled: Boolean(fileId),
    // A file's id names its content: no refetch on focus.
    staleTime: Infinity,
    retry: false,
  });
  const objectUrl = useMemo(() => (data ? URL.createObjectURL(data) : undefined), [data]);
  useEffect(() => () => (objectUrl ? URL.revokeObjectURL(objectUrl) : undefined), [objectUrl]);
  return objectUrl;
}
