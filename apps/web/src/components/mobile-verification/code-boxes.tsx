import { VERIFICATION_CODE_LENGTH } from '@portal/domain/constants';
import { parsePastedVerificationCode } from '@portal/domain/validation/settings';
import { type ClipboardEvent, type KeyboardEvent, type Ref, useImperativeHandle, useRef } from 'react';

export interface CodeBoxesHandle {
  focusFirst: () => void;
}

/**
 * The verification code, one box per digit (002 §2.11): typing moves to the next box, Backspace on an empty
 * box to the previous one, and pasting the whole 5-digit code fills every box. onChange gets all digits.
 */
export function CodeBoxes({
  digits,
  onChange,
  disabled,
  invalid,
  ref,
}: {
  digits: string[];
  onChange: (digits: string[]) => void;
  disabled?: boolean;
  invalid?: boolean;
  ref?: Ref<CodeBoxesHandle>;
}) {
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  useImperativeHandle(ref, () => ({ focusFirst: () => inputs.current[0]?.focus() }));

  const setDigit = (index: number, raw: string) => {
    const typed = raw.replace(/\D/g, '');
    // A browser's one-time-code autofill can put the whole code into one box.
    const whole = parsePastedVerificationCode(typed);
    if (whole) {
      onChange(whole.split(''));
      inputs.current[VERIFICATION_CODE_LENGTH - 1]?.focus();
      return;
    }
    const next = [...digits];
    next[index] = typed.slice(-1);
    onChange(next);
    if (typed && index < VERIFICATION_CODE_LENGTH - 1) inputs.current[index + 1]?.focus();
  };

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !digits[index] && index > 0) {
      event.preventDefault();
      const next = [...digits];
      next[index - 1] = '';
      onChange(next);
      inputs.current[index - 1]?.focus();
    } else if (event.key === 'ArrowLeft' && index > 0) inputs.current[index - 1]?.focus();
    else if (event.key === 'ArrowRight' && index < VERIFICATION_CODE_LENGTH - 1)
      inputs.current[index + 1]?.focus();
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const code = parsePastedVerificationCode(event.clipboardData.getData('text'));
    event.preventDefault();
    if (!code) return;
    onChange(code.split(''));
    inputs.current[VERIFICATION_CODE_LENGTH - 1]?.focus();
  };

  return (
    <fieldset className="mobile-code" disabled={disabled}>
      <legend className="ui-field__label">Verification code</legend>
      <div className="mobile-code__boxes">
        {Array.from({ length: VERIFICATION_CODE_LENGTH }, (_, i) => (
          <input
            // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are fixed positions
            key={i}
            ref={(el) => {
              inputs.current[i] = el;
            }}
            className="ui-input mobile-code__box"
            inputMode="numeric"
            autoComplete={i === 0 ? 'one-time-code' : 'off'}
            pattern="[0-9]*"
            maxLength={i === 0 ? VERIFICATION_CODE_LENGTH : 1}
            aria-label={`Digit ${i + 1} of ${VERIFICATION_CODE_LENGTH}`}
            aria-invalid={invalid || undefined}
            value={digits[i] ?? ''}
            onChange={(e) => setDigit(i, e.target.value)}
            onKeyDown={onKeyDown(i)}
            onPaste={onPaste}
            onFocus={(e) => e.target.select()}
          />
        ))}
      </div>
    </fieldset>
  );
}
