import type { SecurityActionBody } from '@portal/domain/contracts/security';
import { MESSAGES } from '@portal/domain/messages';
import { normalizeSecondFactor, SECURITY_TEXTS } from '@portal/domain/security/texts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import {
  type SecurityActionResponse,
  securityAction,
  securityKeys,
  securityQueryOptions,
} from '../../../api/security';
import {
  failureMessage,
  SectionAlert,
  SettingsSection,
} from '../../../components/settings-section/settings-section';
import { useSettingsAlert } from '../../../components/settings-section/use-settings-alert';
import { Button } from '../../../components/ui/button';
import { PasswordInput } from '../../../components/ui/password-input';
import { Spinner } from '../../../components/ui/spinner';
import { TextInput } from '../../../components/ui/text-input';
import type { Patient } from '../../../lib/patient';
import { saveFile } from '../../../lib/save-file';
import { saveSession } from '../../../lib/session';
import './security-section.css';

type Form = null | 'enable' | 'disable' | 'regenerate';

const when = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/**
 * Security (002 §7.7 POST .../security; its contents are ours): two-factor sign-in with an authenticator app,
 * its single-use recovery codes, and the devices signed in to the account.
 */
export function SecuritySection({ user }: { user: Patient }) {
  const queryClient = useQueryClient();
  const overview = useQuery(securityQueryOptions(user._id));
  const alert = useSettingsAlert();
  const [form, setForm] = useState<Form>(null);
  const [setup, setSetup] = useState<SecurityActionResponse['setup']>();
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [passwordError, setPasswordError] = useState<string>();
  const [busy, setBusy] = useState<SecurityActionBody['action'] | null>(null);

  async function run(body: SecurityActionBody, success?: string): Promise<SecurityActionResponse | null> {
    setBusy(body.action);
    alert.dismiss();
    try {
      const answer = await securityAction(user._id, body);
      const { setup: _s, recovery_codes: _r, token, ...rest } = answer;
      if (token) saveSession({ token, user });
      queryClient.setQueryData(securityKeys.overview(user._id), rest);
      if (success) alert.success(success);
      return answer;
    } catch (error) {
      alert.error(failureMessage(error));
      return null;
    } finally {
      setBusy(null);
    }
  }

  function openForm(next: Form) {
    setForm(next);
    setCode('');
    setPassword('');
    setCodeError(undefined);
    setPasswordError(undefined);
    alert.dismiss();
  }

  async function submitCode(event: FormEvent) {
    event.preventDefault();
    const factor = normalizeSecondFactor(code);
    const badCode = !factor || (form === 'enable' && factor.kind !== 'totp');
    const noPassword = form === 'disable' && password === '';
    setCodeError(
      badCode ? (form === 'enable' ? SECURITY_TEXTS.codeRequired : SECURITY_TEXTS.codeFormat) : undefined,
    );
    setPasswordError(noPassword ? MESSAGES.formPasswordRequired : undefined);
    if (badCode || noPassword) return;
    if (form === 'enable') {
      const answer = await run({ action: 'enable_two_factor', code }, 'Two-factor sign-in is on.');
      if (answer) {
        setSetup(undefined);
        setRecoveryCodes(answer.recovery_codes);
        setForm(null);
      }
    } else if (form === 'regenerate') {
      const answer = await run(
        { action: 'regenerate_recovery_codes', code },
        'New recovery codes are ready.',
      );
      if (answer) {
        setRecoveryCodes(answer.recovery_codes);
        setForm(null);
      }
    } else if (form === 'disable') {
      const answer = await run(
        { action: 'disable_two_factor', password, code },
        'Two-factor sign-in is off.',
      );
      if (answer) setForm(null);
    }
  }

  async function start() {
    const answer = await run({ action: 'start_two_factor' });
    if (answer?.setup) {
      setSetup(answer.setup);
      openForm('enable');
    }
  }

  const data = overview.data;
  const others = data ? data.sessions.filter((s) => !s.current).length : 0;

  return (
    <SettingsSection section="security">
      {!data ? (
        overview.isError ? (
          <p role="alert">{failureMessage(overview.error)}</p>
        ) : (
          <Spinner label="Loading security settings" />
        )
      ) : (
        <div className="security">
          <h3 className="security__heading">Two-factor sign-in</h3>
          {data.two_factor_enabled ? (
            <p className="security__status">
              <span className="security__badge security__badge--on">On</span> since{' '}
              {data.two_factor_enabled_at ? when(data.two_factor_enabled_at) : ''}. {data.recovery_codes_left}{' '}
              of 10 recovery codes left.
            </p>
          ) : (
            <p className="security__status">
              <span className="security__badge">Off</span> Turn it on to be asked for a code from an
              authenticator app (such as Google Authenticator, 1Password or Authy) each time you log in.
            </p>
          )}

          {recoveryCodes ? (
            <section className="security__codes" aria-labelledby="recovery-codes-title">
              <h4 id="recovery-codes-title">Your recovery codes</h4>
              <p>
                Each code signs you in once if you lose your phone. Keep them somewhere safe: they will not be
                shown again.
              </p>
              <ol className="security__code-list">
                {recoveryCodes.map((c) => (
                  <li key={c}>
                    <code>{c}</code>
                  </li>
                ))}
              </ol>
              <div className="settings-form__actions">
                <Button
                  variant="secondary"
                  onClick={() =>
                    saveFile(
                      new Blob([`${recoveryCodes.join('\n')}\n`], { type: 'text/plain' }),
                      'recovery-codes.txt',
                    )
                  }
                >
                  Download codes
                </Button>
                <Button onClick={() => setRecoveryCodes(undefined)}>I have saved my codes</Button>
              </div>
            </section>
          ) : null}

          {form ? (
            <form className="settings-form security__form" noValidate onSubmit={(e) => void submitCode(e)}>
              {form === 'enable' && setup ? (
                <div className="security__setup">
                  <img
                    className="security__qr"
                    src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qr_svg)}`}
                    width={176}
                    height={176}
                    alt="QR code to scan with your authenticator app"
                  />
                  <div>
                    <p>1. Scan the QR code with your authenticator app.</p>
                    <p>
                      Can't scan it? Enter this key instead:{' '}
                      <code className="security__secret">
                        {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
                      </code>
                    </p>
                    <p>2. Enter the 6-digit code the app shows.</p>
                  </div>
                </div>
              ) : null}
              {form === 'disable' ? (
                <PasswordInput
                  label="Password"
                  autoComplete="current-password"
                  value={password}
                  error={passwordError}
                  onChange={(e) => setPassword(e.target.value)}
                />
              ) : null}
              <TextInput
                label={form === 'enable' ? '6-digit code' : 'Authentication code or recovery code'}
                inputMode={form === 'enable' ? 'numeric' : 'text'}
                autoComplete="one-time-code"
                value={code}
                error={codeError}
                onChange={(e) => setCode(e.target.value)}
              />
              <SectionAlert state={alert} />
              <div className="settings-form__actions">
                <Button variant="ghost" type="button" onClick={() => openForm(null)}>
                  Cancel
                </Button>
                <Button
                  type="submit"
                  variant={form === 'disable' ? 'danger' : 'primary'}
                  loading={busy !== null}
                >
                  {form === 'enable' ? 'Turn on' : form === 'disable' ? 'Turn off' : 'Get new codes'}
                </Button>
              </div>
            </form>
          ) : (
            <>
              <SectionAlert state={alert} />
              <div className="settings-form__actions">
                {data.two_factor_enabled ? (
                  <>
                    <Button variant="secondary" onClick={() => openForm('regenerate')}>
                      New recovery codes
                    </Button>
                    <Button variant="danger" onClick={() => openForm('disable')}>
                      Turn off two-factor sign-in
                    </Button>
                  </>
                ) : (
                  <Button onClick={() => void start()} loading={busy === 'start_two_factor'}>
                    Turn on two-factor sign-in
                  </Button>
                )}
              </div>
            </>
          )}

          <h3 className="security__heading">Signed-in devices</h3>
          <ul className="security__sessions">
            {data.sessions.map((s) => (
              <li key={s.id} className="security__session">
                <span className="security__device">{s.device ?? 'Unknown device'}</span>
                {s.current ? <span className="security__badge security__badge--on">This device</span> : null}
                <span className="security__since">Signed in {when(s.created_at)}</span>
              </li>
            ))}
          </ul>
          <div className="settings-form__actions">
            <Button
              variant="secondary"
              disabled={others === 0}
              loading={busy === 'sign_out_other_sessions'}
              onClick={() =>
                void run({ action: 'sign_out_other_sessions' }, 'You are signed out of every other device.')
              }
            >
              Sign out of all other devices
            </Button>
          </div>
        </div>
      )}
    </SettingsSection>
  );
}
