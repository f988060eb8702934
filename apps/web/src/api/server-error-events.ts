import type { ApiError } from '@/api/api-error';

type Listener = (error: ApiError) => void;
const listeners = new Set<Listener>();

/** The app's server-error modal listens here for 5xx answers. */
export function onServerError(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function reportServerError(error: ApiError): void {
  listeners.forEach((listener) => listener(error));
}
