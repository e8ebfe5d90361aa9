import { useQuery } from '@tanstack/react-query';
import type { PublicSettings } from '#shared/schemas/platform-settings.ts';
import { apiFetch } from './api-client.ts';

export const publicSettingsKeys = { all: ['settings', 'public'] as const };

/** The platform settings every page may know (VAT, shipping, whether prices include VAT…). */
export function usePublicSettings() {
  return useQuery({
    queryKey: publicSettingsKeys.all,
    queryFn: ({ signal }) => apiFetch<PublicSettings>('/api/settings/public', { signal }),
  });
}

/** Whether listing prices include VAT; null until the settings are known. */
export function usePricesIncludeVat(): boolean | null {
  return usePublicSettings().data?.pricesIncludeVat ?? null;
}
