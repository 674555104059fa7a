import { MESSAGES } from '@portal/domain/messages';
import { validateNewPasswordForm } from '@portal/domain/validation/signup';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useResetPasswordMutation } from '../../../api/auth';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PasswordInput } from '../../../components/ui/password-input';
import { isApiError } from '../../../lib/api-error';
import { useBrand } from '../../../lib/brand';
import { useForm } from '../../../lib/use-form';
import { AuthHeading } from '../components/auth-heading';
import '../components/auth-form.css';

const INITIAL = { password: '', confirm: '' };

export const PASSWORD_RESET_DONE = 'Your password has been reset. You can now log in with your new password.';

/** New password from an e-mailed link: /request-password-reset/{orgId}/{userId}/{resetToken} (000 §2, §5, §8). */
export default function NewPasswordPage() {
  const { orgId = '', userId = '', resetToken = '' } = useParams();
  const navigate = useNavigate();
  const { organization } = useBrand();
  const form = useForm(INITIAL, validateNewPasswordForm);
  const reset = useResetPasswordMutation();
  const [attemptFailed, setAttemptFailed] = useState(false);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (reset.isPending || !form.submit()) return;
    setAttemptFailed(false);
    reset.mutate(
      {
        new_password: form.values.password,
        confirm_password: form.values.confirm,
        reset_token: resetToken,
        user_id: userId,
        organization: orgId,
      },
      { onError: () => setAttemptFailed(true) },
    );
  }

  function edit(field: 'password' | 'confirm', value: string) {
    form.setValue(field, value);
    setAttemptFailed(false);
  }

  if (reset.isSuccess) {
    return (
      <div className="auth-page">
        <AuthHeading title="Password updated" />
        <Alert tone="success">{PASSWORD_RESET_DONE}</Alert>
        <Button block onClick={() => navigate('/login')}>
          Log in
        </Button>
      </div>
    );
  }

  const error = reset.error;
  // a 4xx carries the server's reason (expired or used link); otherwise the reset cannot happen right now
  const supportEmail = organization?.settings?.support_email;
  let serverMessage: string = supportEmail ? MESSAGES.resetNotPossible(supportEmail) : MESSAGES.generic;
  if (isApiError(error) && error.status >= 400 && error.status < 500) serverMessage = error.message;

  return (
    <div className="auth-page">
      <AuthHeading title="Choose a new password" subtitle="Use at least 6 characters." />
      {reset.isError ? (
        <Alert tone="error">
          <span className="auth-alert-lines">
            <span>{serverMessage}</span>
            <Link className="ui-link" to="/request-password-reset">
              {MESSAGES.resetResubmit}
            </Link>
          </span>
        </Alert>
      ) : null}
      <form className="auth-form" noValidate onSubmit={onSubmit}>
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          {...form.text('password')}
          onChange={(event) => edit('password', event.target.value)}
        />
        <PasswordInput
          label="Confirm password"
          autoComplete="new-password"
          {...form.text('confirm')}
          onChange={(event) => edit('confirm', event.target.value)}
        />
        <Button type="submit" block loading={reset.isPending} className="auth-form__submit">
          {attemptFailed ? MESSAGES.newPasswordButtonFailure : 'Reset password'}
        </Button>
      </form>
    </div>
  );
}
