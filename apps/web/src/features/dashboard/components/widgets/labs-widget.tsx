import type { Order } from '@portal/domain/contracts/order';
import { labOrderFailureMessage } from '@portal/domain/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { submitOrder } from '../../../../api/orders';
import { dashboardKeys } from '../../../../api/view-keys';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { seg } from '../../../../lib/api-client';
import { isApiError } from '../../../../lib/api-error';
import { WidgetCard } from '../widget-card';

/** The server's reason when it refuses the order (e.g. the state or the card), else the lab order failure text. */
function failureText(error: unknown): string {
  if (isApiError(error) && (error.status === 400 || error.status === 402)) return error.message;
  return labOrderFailureMessage(isApiError(error) ? error.status : undefined);
}

/** Labs (001 §2): starting submits the created lab order, then the lab instructions of that order. */
export function LabsWidget({ order, wide }: { order: Order; wide: boolean }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const start = useMutation({
    mutationFn: () => submitOrder(order._id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
      void navigate(`/lab-instructions/${seg(order._id)}`);
    },
  });
  return (
    <WidgetCard
      title="Your labs are ready to order"
      eyebrow="Labs"
      wide={wide}
      actions={
        <Button loading={start.isPending} onClick={() => start.mutate()}>
          Start Labs
        </Button>
      }
    >
      <p>
        Your physician approved your visit. Order your {order.product_name} to check in on your biomarkers and
        guide your protocol.
      </p>
      {start.isError ? <Alert tone="error">{failureText(start.error)}</Alert> : null}
    </WidgetCard>
  );
}
