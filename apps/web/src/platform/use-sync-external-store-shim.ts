/**
 * Stands in for `use-sync-external-store/shim` (vite.config.ts alias). react-i18next imports that
 * shim for React 17 and older; on React 19 it only hands back React's own hook, yet it carried its
 * fallback into the first page's JavaScript (0.7 KB). This module hands back React's hook alone.
 */
export { useSyncExternalStore } from 'react';
