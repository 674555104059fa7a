import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { startRapamycinVisit } from '../../lib/rapamycin';
import { WidgetCard } from '../widget-card';

export const START_VISIT_FAILED = "We couldn't start your visit. Please try again.";

/** Rapamycin intake (001 §2): starts a rapamycin visit at how it works, with referrer dashboard. */
export function RapamycinIntakeWidget({
  userId,
  productTemplateId,
  wide,
}: {
  userId: string;
  productTemplateId: string;
  wide: boolean;
}) {
  const navigate = useNavigate();
  const start = useMutation({
    mutationFn: () => startRapamycinVisit(userId, productTemplateId),
    onSuccess: (path) => navigate(path),
  });
  return (
    <WidgetCard
      title="Start your Rapamycin visit"
      eyebrow="Longevity"
      wide={wide}
      actions={
        <Button loading={start.isPending} onClick={() => start.mutate()}>
          Start Visit
        </Button>
      }
    >
      <p>
        Answer a few questions about your health and a physician will review whether rapamycin is right for
        you.
      </p>
      {start.isError ? <Alert tone="error">{START_VISIT_FAILED}</Alert> : null}
    </WidgetCard>
  );
}
