import { STAFF_ROLE_LABELS } from '@portal/domain/care/staff-roles';
import type { CareInvitationLookup } from '@portal/domain/contracts/care';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { acceptInvitation, lookUpInvitation } from '../../../api/care/invitation';
import { login } from '../../../api/login';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClassName } from '../../../components/ui/button';
import { PasswordInput } from '../../../components/ui/password-input';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-error';
import { brandName, useBrand } from '../../../lib/brand';
import { saveSession } from '../../../lib/session';
import { PASSWORD_RULE, validateInvitationPassword } from '../lib/invitation-form';
import '../invitation.css';

type Lookup =
  | { kind: 'loading' }
  | { kind: 'found'; invitation: CareInvitationLookup }
  | { kind: 'invalid' }
  | { kind: 'error'; message: string };

/** The clinic's logo, or its name (the page stands outside every shell, so it brands itself). */
function ClinicLogo() {
  const { organization } = useBrand();
  const settings = organization?.settings;
  const name = brandName(organization);
  const src = settings?.logo_light_background || settings?.logo;
  return src ? (
    <img className="care-invite__logo" src={src} alt={name} />
  ) : (
    <span className="care-invite__logo care-invite__logo--text">{name}</span>
  );
}

/** Joining the clinic's team from the e-mailed link (issue 12 §1): greet, choose a password, sign in. */
export default function InvitationPage() {
  const { invitationId = '', token = '' } = useParams();
  const [lookup, setLookup] = useState<Lookup>({ kind: 'loading' });

  useEffect(() => {
    const abort = new AbortController();
    lookUpInvitation(invitationId, token, abort.signal).then(
      (invitation) => setLookup({ kind: 'found', invitation }),
      (error: unknown) => {
        if (abort.signal.aborted) return;
        // a malformed link is refused as a bad request; to the invitee it is the same unknown link
        if (isApiError(error) && (error.status === 404 || error.status === 400))
          setLookup({ kind: 'invalid' });
        else setLookup({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => abort.abort();
  }, [invitationId, token]);

  return (
    <main id="main" className="care-invite" tabIndex={-1}>
      <div className="care-invite__panel">
        <ClinicLogo />
        {lookup.kind === 'loading' ? (
          <div className="care-invite__loading">
            <Spinner label="Opening your invitation" />
          </div>
        ) : lookup.kind === 'invalid' ? (
          <Closed
            title="This invitation link does not work"
            text="The link may be incomplete or mistyped. Open it again from the e-mail, or ask the clinic's admin to invite you again."
          />
        ) : lookup.kind === 'error' ? (
          <>
            <h1 className="care-invite__title">Join the care team</h1>
            <Alert tone="error">{lookup.message}</Alert>
          </>
        ) : lookup.invitation.status === 'accepted' ? (
          <Closed
            title="This invitation has already been used"
            text={`The account for ${lookup.invitation.email} is set up. Log in with its e-mail and password.`}
            login
          />
        ) : lookup.invitation.status === 'expired' ? (
          <Closed
            title="This invitation has expired"
            text={`Invitations work for 7 days. Ask the admin of ${lookup.invitation.clinic} to invite you again.`}
          />
        ) : (
          <Accept invitationId={invitationId} token={token} invitation={lookup.invitation} />
        )}
      </div>
    </main>
  );
}

function Closed({
  title,
  text,
  login: offerLogin = false,
}: {
  title: string;
  text: string;
  login?: boolean;
}) {
  return (
    <>
      <h1 className="care-invite__title">{title}</h1>
      <p className="care-invite__text">{text}</p>
      {offerLogin ? (
        <Link className={buttonClassName({ block: true })} to="/login">
          Log in
        </Link>
      ) : null}
    </>
  );
}

function Accept({
  invitationId,
  token,
  invitation,
}: {
  invitationId: string;
  token: string;
  invitation: CareInvitationLookup;
}) {
  const navigate = useNavigate();
  const [values, setValues] = useState({ password: '', confirm: '' });
  const [errors, setErrors] = useState<Partial<Record<'password' | 'confirm', string>>>({});
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  /** The account exists but signing in did not follow: the invitee is sent to log in themself. */
  const [created, setCreated] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const next = validateInvitationPassword(values);
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setPending(true);
    setFailure(null);
    try {
      const account = await acceptInvitation({ invitation: invitationId, token, password: values.password });
      try {
        saveSession(await login({ email: account.email, password: values.password }));
      } catch {
        setCreated(true);
        return;
      }
      await navigate('/care', { replace: true });
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setPending(false);
    }
  }

  if (created)
    return (
      <Closed
        title="Your account is ready"
        text={`Log in with ${invitation.email} and the password you just chose.`}
        login
      />
    );

  const set = (key: 'password' | 'confirm') => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [key]: e.target.value }));
    setErrors((v) => ({ ...v, [key]: undefined }));
  };

  return (
    <>
      <h1 className="care-invite__title">
        Welcome to {invitation.clinic}, {invitation.first_name}
      </h1>
      <p className="care-invite__text">
        You have been invited to join the care team as <strong>{STAFF_ROLE_LABELS[invitation.role]}</strong>.
        Choose a password to sign in with <strong className="care-invite__email">{invitation.email}</strong>.
      </p>
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <form className="care-invite__form" noValidate onSubmit={submit}>
        <PasswordInput
          label="Password"
          autoComplete="new-password"
          hint={PASSWORD_RULE}
          value={values.password}
          error={errors.password}
          onChange={set('password')}
        />
        <PasswordInput
          label="Confirm password"
          autoComplete="new-password"
          value={values.confirm}
          error={errors.confirm}
          onChange={set('confirm')}
        />
        <Button type="submit" block loading={pending}>
          Join and sign in
        </Button>
      </form>
    </>
  );
}
