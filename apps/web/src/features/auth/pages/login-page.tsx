import { ENTRY_MESSAGES } from '@portal/domain/entry-messages';
import { SECURITY_TEXTS } from '@portal/domain/security/texts';
import { normalizeEmail, validateLoginForm } from '@portal/domain/validation/auth';
import { type FormEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { login } from '../../../api/login';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PasswordInput } from '../../../components/ui/password-input';
import { PageSpinner } from '../../../components/ui/spinner';
import { TextInput } from '../../../components/ui/text-input';
import { identify } from '../../../lib/analytics';
import { ERROR_TEXT, isApiError } from '../../../lib/api-error';
import { brandName, useBrand } from '../../../lib/brand';
import { clearStoredToken, saveSession } from '../../../lib/session';
import { sessionStarted } from '../../../lib/session-end';
import { useForm } from '../../../lib/use-form';
import { AuthHeading } from '../components/auth-heading';
import { LandingHero } from '../components/landing-hero';
import { type AuthEntry, useAuthEntry } from '../hooks/use-auth-entry';
import { useLanding } from '../hooks/use-landing';
import '../components/auth-form.css';

/** The signup form of the signup entry links loads only for them: /login stays within its budget. */
const SignupPage = lazy(() => import('./signup-page'));

type Failure =
  | { kind: 'credentials' }
  | { kind: 'message'; message: string }
  | { kind: 'second-factor'; message: string | null };

/**
 * 401 -> bad credentials; 429 -> the server's message; 5xx -> server down (generic); else the server's message.
 * Two-factor sign-in: 403 TwoFactorRequired asks for the code, 401 TwoFactorCodeIncorrect refuses it.
 */
function failureFor(error: unknown): Failure {
  if (!isApiError(error)) return { kind: 'message', message: ENTRY_MESSAGES.generic };
  if (error.text === 'TwoFactorRequired') return { kind: 'second-factor', message: null };
  if (error.text === 'TwoFactorCodeIncorrect') return { kind: 'second-factor', message: error.message };
  if (error.status === 401) return { kind: 'credentials' };
  if (error.status === 429 || error.text === ERROR_TEXT.tooManyRequests)
    return { kind: 'message', message: error.message };
  if (error.status >= 500) return { kind: 'message', message: ENTRY_MESSAGES.generic };
  return { kind: 'message', message: error.message || ENTRY_MESSAGES.generic };
}

function headingFor(entry: AuthEntry, brand: string): { title: string; subtitle: string } {
  switch (entry.pageType) {
    case 'product':
      return { title: 'Log in to continue', subtitle: 'Log in to your account to start your visit.' };
    case 'campaign':
      return { title: 'Welcome', subtitle: `Log in to your ${brand} account to continue.` };
    default:
      return { title: 'Welcome back', subtitle: `Log in to your ${brand} account.` };
  }
}

/**
 * The entry routes (000 §2): /login and the login landings show the login form; the /product/{type}/{id}
 * and /campaign/{type}/{id} landings show the signup form.
 */
export default function EntryPage() {
  const entry = useAuthEntry();
  return entry.form === 'signup' ? (
    <Suspense fallback={<PageSpinner label="Loading" />}>
      <SignupPage />
    </Suspense>
  ) : (
    <LoginPage entry={entry} />
  );
}

/** Login (000 §2 Auth container, §4 Login, §5 Login): /login and the product and campaign login landings. */
function LoginPage({ entry }: { entry: AuthEntry }) {
  const landing = useLanding(entry);
  const navigate = useNavigate();
  const { organization } = useBrand();
  const [initial] = useState(() => ({ email: entry.email ?? '', password: '' }));
  const form = useForm(initial, validateLoginForm);
  // the call itself, not the query library: /login ships without it
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [routing, setRouting] = useState(false);
  /** The second step of a two-factor sign-in: the checked e-mail and password wait here for the code. */
  const [secondStep, setSecondStep] = useState<{ email: string; password: string } | null>(null);
  const [code, setCode] = useState('');
  const autoSubmitted = useRef(false);

  async function attempt(email: string, password: string, secondFactor?: string) {
    setFailure(null);
    setPending(true);
    try {
      const session = await login({
        email: normalizeEmail(email),
        password,
        ...(secondFactor ? { code: secondFactor } : {}),
      });
      saveSession(session);
      identify(session.user, 'Signed In');
      sessionStarted();
      setRouting(true);
      // where to go next loads after the login call (it can start a visit): /login stays within its budget
      const { resolvePostLoginPath } = await import('../post-auth-route');
      const path = await resolvePostLoginPath({
        user: session.user,
        productId: landing.productId,
        redirectPath: entry.redirectPath,
      });
      await navigate(path, { replace: true });
    } catch (error) {
      setRouting(false);
      const next = failureFor(error);
      if (next.kind === 'credentials') {
        // 000 §4: a 401 clears the stored token and the form resets
        clearStoredToken();
        form.reset(initial);
        setSecondStep(null);
      }
      if (next.kind === 'second-factor') {
        setSecondStep({ email, password });
        setCode('');
      }
      setFailure(next);
    } finally {
      setPending(false);
    }
  }

  // 000 §4: a `token` query parameter is used as the password and submits by itself, once the landing's
  // product is known
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once for the landing URL
  useEffect(() => {
    if (autoSubmitted.current || landing.loading || !entry.token || !entry.email) return;
    autoSubmitted.current = true;
    void attempt(entry.email, entry.token);
  }, [landing.loading]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending || routing) return;
    if (!form.submit()) return;
    void attempt(form.values.email, form.values.password);
  }

  function onSubmitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending || routing || !secondStep) return;
    if (!code.trim()) {
      setFailure({ kind: 'second-factor', message: SECURITY_TEXTS.codeRequired });
      return;
    }
    void attempt(secondStep.email, secondStep.password, code.trim());
  }

  if (landing.redirectTo) return <Navigate to={landing.redirectTo} replace />;
  if (landing.loading) return <PageSpinner label="Loading" />;

  const heading = headingFor(entry, brandName(organization));
  const busy = pending || routing;

  return (
    <div className="auth-page">
      {landing.hero ? (
        <LandingHero hero={landing.hero} action="Log in to your account to continue." />
      ) : (
        <AuthHeading title={heading.title} subtitle={heading.subtitle} />
      )}

      {entry.expired ? <Alert tone="warning">{ENTRY_MESSAGES.sessionExpired}</Alert> : null}

      {failure?.kind === 'credentials' ? (
        <Alert tone="error">
          <span className="auth-alert-lines">
            <span>{ENTRY_MESSAGES.invalidCredentials}</span>
            <span>{ENTRY_MESSAGES.invalidCredentialsHelp}</span>
          </span>
        </Alert>
      ) : null}
      {failure?.kind === 'message' ? <Alert tone="error">{failure.message}</Alert> : null}

      {secondStep ? (
        <form className="auth-form" noValidate onSubmit={onSubmitCode}>
          <TextInput
            label="Authentication code"
            hint="Enter the 6-digit code from your authenticator app, or one of your recovery codes."
            autoComplete="one-time-code"
            autoCapitalize="off"
            spellCheck={false}
            autoFocus
            value={code}
            error={failure?.kind === 'second-factor' ? (failure.message ?? undefined) : undefined}
            onChange={(event) => setCode(event.target.value)}
          />
          <Button type="submit" block loading={busy} className="auth-form__submit">
            Verify
          </Button>
          <p className="auth-form__aside">
            <button
              type="button"
              className="ui-link"
              onClick={() => {
                setSecondStep(null);
                setFailure(null);
              }}
            >
              Use another account
            </button>
          </p>
        </form>
      ) : (
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
          <PasswordInput label="Password" autoComplete="current-password" {...form.text('password')} />
          <p className="auth-form__aside">
            <Link className="ui-link" to="/request-password-reset">
              Forgot password?
            </Link>
          </p>
          <Button type="submit" block loading={busy} className="auth-form__submit">
            Log in
          </Button>
        </form>
      )}

      <p className="auth-switch">
        New here?{' '}
        <Link className="ui-link" to={entry.switchPath}>
          Create an account
        </Link>
      </p>
    </div>
  );
}
