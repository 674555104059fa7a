import { consultationPath, dashboardPath } from '@portal/domain/consultation/consultation-path';
import type { Intake } from '@portal/domain/contracts/intake';
import { isObjectId } from '@portal/domain/ids';
import { MESSAGES } from '@portal/domain/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { getIntakeTemplate, getProductIntakeTemplate } from '../../../api/intake-templates';
import { createIntake, intakeKeys } from '../../../api/intakes';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-error';
import { useSessionUser } from '../../../lib/session';
import '../../../components/step-page/step-page.css';
import '../components/consultation.css';

/** The route's ids or the intake they lead to do not exist. */
class InvalidIntakeError extends Error {}

const isClientError = (error: unknown) => isApiError(error) && error.status >= 400 && error.status < 500;

/** The intake template for the two ids: the named template, else the product's (000 §2 product instance loader). */
async function loadTemplateId(intakeTemplateId: string, productTemplateId: string): Promise<string> {
  if (isObjectId(intakeTemplateId)) {
    try {
      return (await getIntakeTemplate(intakeTemplateId))._id;
    } catch (error) {
      if (!isClientError(error)) throw error;
    }
  }
  if (isObjectId(productTemplateId)) {
    try {
      return (await getProductIntakeTemplate(productTemplateId))._id;
    } catch (error) {
      if (!isClientError(error)) throw error;
    }
  }
  throw new InvalidIntakeError('No intake template for this product');
}

async function startIntake(userId: string, intakeTemplateId: string, productTemplateId: string) {
  const templateId = await loadTemplateId(intakeTemplateId, productTemplateId);
  let intake: Intake;
  try {
    intake = await createIntake({ userId, templateId });
  } catch (error) {
    if (isClientError(error)) throw new InvalidIntakeError('The intake could not be created');
    throw error;
  }
  if (!isObjectId(intake?._id)) throw new InvalidIntakeError('The created intake has no id');
  return intake;
}

/**
 * /start/{intakeTemplateId}/p/{productTemplateId}, the product instance loader (000 §2): gets the intake
 * template for the two ids, creates an intake instance and opens the how-it-works step with the product in
 * the query. An invalid template or intake goes to the dashboard profile; other failures offer a retry.
 */
export default function StartIntakePage() {
  const { intakeTemplateId = '', productTemplateId = '' } = useParams();
  const user = useSessionUser();
  const userId = user?._id ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const start = useMutation({
    mutationFn: () => startIntake(userId, intakeTemplateId, productTemplateId),
    onSuccess: (intake) => {
      queryClient.setQueryData(intakeKeys.detail(userId, intake._id), intake);
      void navigate(
        consultationPath(
          { section: 'hiw' },
          { userId, intakeId: intake._id, query: { product: productTemplateId } },
        ),
        { replace: true },
      );
    },
  });
  const { mutate } = start;
  const run = useCallback(() => mutate(), [mutate]);

  // once per visit to the route (effects run twice in development)
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !userId) return;
    started.current = true;
    run();
  }, [run, userId]);

  if (!userId) return null;
  if (start.error instanceof InvalidIntakeError) return <Navigate to={dashboardPath(userId)} replace />;

  if (start.isError) {
    const message = isApiError(start.error) ? start.error.message : MESSAGES.generic;
    return (
      <section className="consult-step" aria-labelledby="start-title">
        <header className="consult-step__header">
          <h1 className="consult-step__title" id="start-title">
            We couldn't start your visit
          </h1>
          <p className="consult-step__lead">
            Something went wrong while we prepared your consultation. Please try again.
          </p>
        </header>
        <Alert tone="error">{message}</Alert>
        <div className="consult-step__footer">
          <Button block onClick={run}>
            Try again
          </Button>
        </div>
      </section>
    );
  }

  return (
    <section className="consult-step consult-step__center" aria-labelledby="start-title" aria-busy="true">
      <h1 className="consult-step__title" id="start-title">
        Starting your visit
      </h1>
      <Spinner size="lg" label="Preparing your consultation" />
    </section>
  );
}
