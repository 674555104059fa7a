import { MESSAGES } from '@portal/domain/messages';
import { normalizeEmail } from '@portal/domain/validation/auth';
import { normalizeSignup, validateSignupForm } from '@portal/domain/validation/signup';
import { type FormEvent, type MouseEvent, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { useCreateUserMutation } from '../../../api/auth';
import type { PolicySection } from '../../../api/organization';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { PasswordInput } from '../../../components/ui/password-input';
import { PageSpinner } from '../../../components/ui/spinner';
import { TextInput } from '../../../components/ui/text-input';
import { identify } from '../../../lib/analytics';
import { ERROR_TEXT, isApiError } from '../../../lib/api-error';
import { collectAnalyticsTraits } from '../../../lib/collect-analytics-traits';
import { saveSession } from '../../../lib/session';
import { sessionStarted } from '../../../lib/session-end';
import { useForm } from '../../../lib/use-form';
import { AuthHeading } from '../components/auth-heading';
import { LandingHero } from '../components/landing-hero';
import { POLICY_LABELS, PolicyPanel } from '../components/policy-panel';
import { useAuthEntry } from '../hooks/use-auth-entry';
import { useLanding } from '../hooks/use-landing';
import { resolvePostSignupPath } from '../post-auth-route';
import '../components/auth-form.css';

function PolicyLink({
  section,
  onOpen,
}: {
  section: PolicySection;
  onOpen: (section: PolicySection) => void;
}) {
  return (
    <a
      className="ui-link"
      href={`#${section}`}
      aria-haspopup="dialog"
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        event.preventDefault();
        onOpen(section);
      }}
    >
      {POLICY_LABELS[section]}
    </a>
  );
}

function isEmailTaken(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return (
    error.text === ERROR_TEXT.emailAlreadyExists ||
    (error.status === 400 && error.message === MESSAGES.patientEmailAlreadyExists)
  );
}

/** Signup (000 §2 Auth container, §4 Signup, §5 Signup) at /get-started. */
export default function SignupPage() {
  const entry = useAuthEntry();
  const landing = useLanding(entry);
  const navigate = useNavigate();
  const location = useLocation();
  const [initial] = useState(() => ({
    first_name: '',
    last_name: '',
    email: entry.email ?? '',
    password: '',
    terms: false,
  }));
  const form = useForm(initial, validateSignupForm);
  const createUser = useCreateUserMutation();
  const [takenEmail, setTakenEmail] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [routing, setRouting] = useState(false);
  const [policy, setPolicy] = useState<PolicySection | null>(null);

  const emailTaken = takenEmail !== null && normalizeEmail(form.values.email) === takenEmail;
  const busy = createUser.isPending || routing;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !form.submit()) return;
    const values = normalizeSignup(form.values);
    setFailure(null);
    try {
      const session = await createUser.mutateAsync({
        first_name: values.first_name,
        last_name: values.last_name,
        email: values.email,
        password: values.password,
        analytics_traits: collectAnalyticsTraits(location.search),
      });
      saveSession(session);
      identify(session.user, 'Signed Up');
      sessionStarted();
      setRouting(true);
      await navigate(await resolvePostSignupPath({ user: session.user, productId: landing.productId }), {
        replace: true,
      });
    } catch (error) {
      setRouting(false);
      if (isEmailTaken(error)) setTakenEmail(values.email);
      else
        setFailure(
          isApiError(error) && error.status > 0 && error.status < 500 ? error.message : MESSAGES.generic,
        );
    }
  }

  if (landing.redirectTo) return <Navigate to={landing.redirectTo} replace />;
  if (landing.loading) return <PageSpinner label="Loading" />;

  return (
    <div className="auth-page">
      {landing.hero ? (
        <LandingHero hero={landing.hero} action="Create your account to get started." />
      ) : (
        <AuthHeading
          title={entry.pageType === 'product' ? 'Start your visit' : 'Create your account'}
          subtitle="It only takes a minute. A licensed physician reviews every visit."
        />
      )}

      {failure ? <Alert tone="error">{failure}</Alert> : null}

      <form className="auth-form" noValidate onSubmit={onSubmit}>
        <div className="auth-form__row">
          <TextInput label="First name" autoComplete="given-name" {...form.text('first_name')} />
          <TextInput label="Last name" autoComplete="family-name" {...form.text('last_name')} />
        </div>
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          autoCapitalize="off"
          spellCheck={false}
          {...form.text('email')}
          error={form.errorFor('email') ?? (emailTaken ? MESSAGES.emailAlreadyExists : undefined)}
        />
        <PasswordInput
          label="Password"
          autoComplete="new-password"
          hint="At least 6 characters."
          {...form.text('password')}
        />
        <Checkbox
          name="terms"
          checked={form.values.terms}
          onChange={(event) => {
            form.setValue('terms', event.target.checked);
            form.touch('terms');
          }}
          onBlur={() => form.touch('terms')}
          error={form.errorFor('terms')}
          label={
            <>
              I agree to the <PolicyLink section="tos" onOpen={setPolicy} />,{' '}
              <PolicyLink section="privacy" onOpen={setPolicy} /> and{' '}
              <PolicyLink section="consent" onOpen={setPolicy} />.
            </>
          }
        />
        <Button type="submit" block loading={busy} disabled={!form.isValid} className="auth-form__submit">
          Start My Visit
        </Button>
      </form>

      <p className="auth-switch">
        Already have an account?{' '}
        <Link className="ui-link" to={entry.switchPath}>
          Log in
        </Link>
      </p>

      <PolicyPanel section={policy} onClose={() => setPolicy(null)} />
    </div>
  );
}
