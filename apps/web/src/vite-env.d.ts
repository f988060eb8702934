/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** OAuth client of the web app; defaults to "web". */
  readonly VITE_CLIENT_ID?: string;
  /** Its secret; defaults to "web-secret". */
  readonly VITE_CLIENT_SECRET?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
