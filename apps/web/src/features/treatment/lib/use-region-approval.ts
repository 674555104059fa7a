import { useQuery } from '@tanstack/react-query';
import { stateApprovalQueryOptions } from '../../../api/intake-templates';
import { statesQueryOptions } from '../../../api/organization';

/**
 * Whether the visit's intake template may be offered in the patient's state (GET .../validate): true or
 * false once known, null while unknown or when the patient has no state yet.
 */
export function useRegionApproval(stateAbbreviation: string | null | undefined, templateId: string | null) {
  const states = useQuery({ ...statesQueryOptions(), enabled: Boolean(stateAbbreviation) });
  const stateId = states.data?.find((s) => s.abbreviation === stateAbbreviation)?._id ?? null;
  const approval = useQuery(stateApprovalQueryOptions(stateId, templateId));
  return approval.data ? approval.data.approved : null;
}
