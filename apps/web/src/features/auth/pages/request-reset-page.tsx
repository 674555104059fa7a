import { MESSAGES } from '@portal/domain/messages';
import { normalizeEmail, validateResetRequestForm } from '@portal/domain/validation/auth';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useRequestPasswordResetMutation } from '../../../api/auth';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextInput } from '../../../components/ui/text-input';
import { useForm } from '../../../lib/use-form';
import { AuthHeading } from '../components/auth-heading';
import '../components/auth-form.css';

/** Password reset request (000 §4 Password reset: request, then the success message, then the Login button). */
export default function RequestResetPage() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [initial] = useState(() => ({ email: search.get('email') ?? '' }));
  const form = useForm(initial, validateResetRequestForm);
  const request = useRequestPasswordResetMutation();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (request.isPending || !form.submit()) return;
    request.mutate({ email_address: normalizeEmail(form.values.email) });
  }

  if (request.isSuccess) {
    return (
      <div className="auth-page">
        <AuthHeading title="Check your email" />
        <Alert tone="success">{MESSAGES.resetRequestSuccess}</Alert>
        <Button block onClick={() => navigate('/login')}>
          Log in
        </Button>
      </div>
    );
  }

  return (
    <div className="auth-page">
      <AuthHeading
        title="Reset your password"
        subtitle="Enter the email address of your account and we'll send you a link to choose a new password."
      />
      {request.isError ? <Alert tone="error">{MESSAGES.resetRequestFailure}</Alert> : null}
      <form className="auth-form" noValidate onSubmit={onSubmit}>
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          autoCapitalize="off"
          spellCheck={false}
          {...form.text('email')}
        />
        <Button type="submit" block loading={request.isPending} className="auth-form__submit">
          Send reset link
        </Button>
      </form>
      <p className="auth-switch">
        Remembered it?{' '}
        <Link className="ui-link" to="/login">
          Back to log in
        </Link>
      </p>
    </div>
  );
}
