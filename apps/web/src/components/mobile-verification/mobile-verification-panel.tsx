import { VERIFICATION_CODE_LENGTH } from '@portal/domain/constants';
import { maskPhoneInput } from '@portal/domain/format/mask';
import { maskPhone, nationalNumber } from '@portal/domain/format/phone';
import {
  clearedOnDismiss,
  type VerificationErrorKind,
  verificationErrorKind,
  verificationErrorMessage,
} from '@portal/domain/settings/mobile-verification';
import { validateMobileNumber } from '@portal/domain/validation/settings';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { sendMobileCode, verifyMobileCode } from '../../api/patient';
import { isApiError } from '../../lib/api-error';
import type { Patient } from '../../lib/patient';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { SidePanel } from '../ui/side-panel';
import { TextInput } from '../ui/text-input';
import { CodeBoxes, type CodeBoxesHandle } from './code-boxes';
import './mobile-verification.css';

const EMPTY_CODE = (): string[] => Array.from({ length: VERIFICATION_CODE_LENGTH }, () => '');

export interface MobileVerificationPanelProps {
  open: boolean;
  userId: string;
  /** The number to verify, as ten digits or masked; empty to start with number entry. */
  number: string;
  onVerified: (user: Patient) => void;
  /** Closed before the number was verified. */
  onClose: () => void;
}

/**
 * Mobile verification (002 §2.11, §4.8): the number, "Get code", then the 5-digit code, one box per digit,
 * sent as soon as the fifth digit is in. "New Number" and "Cancel" toggle editing the number. Errors are of
 * kind PhoneNum, VerifCode or GeneralErr; dismissing a code error clears the digits, a number error the number.
 */
export function MobileVerificationPanel({
  open,
  userId,
  number: initialNumber,
  onVerified,
  onClose,
}: MobileVerificationPanelProps) {
  const [number, setNumber] = useState(() => maskPhone(initialNumber));
  const [savedNumber, setSavedNumber] = useState(() => maskPhone(initialNumber));
  const [editing, setEditing] = useState(initialNumber === '');
  const [step, setStep] = useState<'number' | 'code'>('number');
  const [digits, setDigits] = useState(EMPTY_CODE);
  const [error, setError] = useState<{ kind: VerificationErrorKind; message: string }>({
    kind: 'None',
    message: '',
  });
  const [busy, setBusy] = useState<'send' | 'verify' | null>(null);
  const [touched, setTouched] = useState(false);
  const boxes = useRef<CodeBoxesHandle>(null);

  // Each opening starts over with the number it was opened for.
  useEffect(() => {
    if (!open) return;
    setNumber(maskPhone(initialNumber));
    setSavedNumber(maskPhone(initialNumber));
    setEditing(initialNumber === '');
    setStep('number');
    setDigits(EMPTY_CODE());
    setError({ kind: 'None', message: '' });
    setTouched(false);
  }, [open, initialNumber]);

  useEffect(() => {
    if (step === 'code') boxes.current?.focusFirst();
  }, [step]);

  const numberError = touched ? validateMobileNumber(number) : undefined;

  function fail(caught: unknown) {
    const kind = verificationErrorKind(isApiError(caught) ? caught.text : null);
    const server = isApiError(caught) ? caught.message : null;
    setError({ kind, message: verificationErrorMessage(kind, server) });
  }

  async function getCode(event?: FormEvent) {
    event?.preventDefault();
    setTouched(true);
    if (validateMobileNumber(number)) return;
    setBusy('send');
    setError({ kind: 'None', message: '' });
    try {
      await sendMobileCode(userId, nationalNumber(number));
      setSavedNumber(number);
      setEditing(false);
      setDigits(EMPTY_CODE());
      setStep('code');
    } catch (caught) {
      fail(caught);
    } finally {
      setBusy(null);
    }
  }

  async function verify(code: string) {
    setBusy('verify');
    setError({ kind: 'None', message: '' });
    try {
      onVerified(await verifyMobileCode(userId, code, nationalNumber(number)));
    } catch (caught) {
      fail(caught);
    } finally {
      setBusy(null);
    }
  }

  function onDigits(next: string[]) {
    setDigits(next);
    if (error.kind !== 'None') setError({ kind: 'None', message: '' });
    const code = next.join('');
    if (code.length === VERIFICATION_CODE_LENGTH && busy === null) void verify(code);
  }

  function dismissError() {
    const clears = clearedOnDismiss(error.kind);
    setError({ kind: 'None', message: '' });
    if (clears === 'code') {
      setDigits(EMPTY_CODE());
      boxes.current?.focusFirst();
    } else if (clears === 'number') {
      setNumber('');
      setTouched(false);
      setEditing(true);
      setStep('number');
    }
  }

  function toggleEditing() {
    if (editing) {
      // Cancel: back to the number as it was.
      setNumber(savedNumber);
      setTouched(false);
      setEditing(false);
    } else {
      setEditing(true);
      setStep('number');
      setDigits(EMPTY_CODE());
    }
    setError({ kind: 'None', message: '' });
  }

  return (
    <SidePanel open={open} onClose={onClose} title="Verify Your Number">
      <div className="mobile-verify">
        <form className="mobile-verify__number" noValidate onSubmit={(e) => void getCode(e)}>
          <TextInput
            label="Mobile number"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            placeholder="(555) 555-5555"
            value={number}
            readOnly={!editing}
            onChange={(e) => setNumber(maskPhoneInput(e.target.value, number))}
            onBlur={() => setTouched(true)}
            error={numberError}
            hint="US numbers only. We will text you a 5-digit code."
          />
          <div className="mobile-verify__actions">
            {savedNumber !== '' || !editing ? (
              <Button variant="ghost" size="sm" onClick={toggleEditing} disabled={busy !== null}>
                {editing ? 'Cancel' : 'New Number'}
              </Button>
            ) : null}
            {step === 'number' || editing ? (
              <Button type="submit" loading={busy === 'send'}>
                Get code
              </Button>
            ) : (
              <Button variant="secondary" onClick={() => void getCode()} loading={busy === 'send'}>
                Resend code
              </Button>
            )}
          </div>
        </form>

        {step === 'code' && !editing ? (
          <div className="mobile-verify__code">
            <p className="mobile-verify__text">Enter the 5-digit code we sent to {savedNumber}.</p>
            <CodeBoxes
              ref={boxes}
              digits={digits}
              onChange={onDigits}
              disabled={busy === 'verify'}
              invalid={error.kind === 'VerifCode'}
            />
            {busy === 'verify' ? <p className="mobile-verify__text">Checking your code…</p> : null}
          </div>
        ) : null}

        {error.kind !== 'None' ? (
          <Alert tone="error" onClose={dismissError}>
            {error.message}
          </Alert>
        ) : null}
      </div>
    </SidePanel>
  );
}
