import { MESSAGES } from '@portal/domain/messages';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';

/** A signup screen whose data failed to load: the generic message and a retry. */
export function SignupLoadError({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <section className="consult-step" aria-labelledby="signup-error-title">
      <h1 className="consult-step__title" id="signup-error-title">
        {title}
      </h1>
      <Alert tone="error">{MESSAGES.generic}</Alert>
      <Button block onClick={onRetry}>
        Try again
      </Button>
    </section>
  );
}
