/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/client" />

interface ImportMetaEnv {
  /** The e-mail address whose account is an admin. */
  readonly VITE_OWNER_EMAIL?: string;
}
