import { useQuery } from '@tanstack/react-query';
import { labOverviewQueryOptions } from '../../../../api/labs';

/**
 * The panel's overview the panel's pages share (cached, so moving between them reads it once): its name for
 * the navigation's label, and whether it has reviewed results at all.
 */
export function usePanelOverview(panelId: string) {
  return useQuery({ ...labOverviewQueryOptions(panelId), retry: false, enabled: !!panelId });
}

/** The panel's name; undefined until known or when it cannot be read. */
export function usePanelName(panelId: string): string | undefined {
  return usePanelOverview(panelId).data?.name;
}
