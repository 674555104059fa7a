import { staffCan } from '@portal/domain/care/staff-roles';
import type { CareChart } from '@portal/domain/contracts/care';
import { useId } from 'react';
import { useSetCareFeatureFlags } from '../../../api/care/chart';
import { Alert } from '../../../components/ui/alert';
import { Checkbox } from '../../../components/ui/checkbox';
import { useSessionUser } from '../../../lib/session';

/**
 * Which labs experience the patient has (002 §6: the labs2 flag): the new labs app, with each biomarker over
 * time, or the labs list. Staff who manage labs switch it; the others see which one it is.
 */
export function LabsExperience({ patient }: { patient: CareChart['patient'] }) {
  const canSwitch = staffCan(useSessionUser()?.role ?? '', 'manage_labs');
  const save = useSetCareFeatureFlags(patient._id);
  const statusId = useId();
  // the box follows the click at once; the stored answer takes over when it comes back
  const labs2 = save.isPending ? save.variables.labs2 : patient.feature_flags.labs2;
  const current = labs2 ? 'The new labs app' : 'The labs list';
  if (!canSwitch) return <p>{current}.</p>;
  return (
    <>
      <Checkbox
        label="Use the new labs app (overview, biomarkers over time, biological age)"
        checked={labs2}
        disabled={save.isPending}
        aria-describedby={statusId}
        onChange={(e) => save.mutate({ labs2: e.target.checked })}
      />
      <p id={statusId} className="care-muted" aria-live="polite">
        {save.isPending ? 'Saving…' : `${current} is what the patient sees under Labs.`}
      </p>
      {save.error ? <Alert tone="error">{save.error.message}</Alert> : null}
    </>
  );
}
