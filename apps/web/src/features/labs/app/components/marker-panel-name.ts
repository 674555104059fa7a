import { useQuery } from '@tanstack/react-query';
import { labOverviewQueryOptions } from '../../../../api/labs';

/**
 * The panel's name for the navigation's label, from the overview the panel's pages share (cached, so moving
 * between them reads it once); undefined until known or when it cannot be read.
 */
export function usePanelName(panelId: string): string | undefined {
  return useQuery({ ...labOverviewQueryOptions(panelId), retry: false, enabled: !!panelId }).data?.name;
}
