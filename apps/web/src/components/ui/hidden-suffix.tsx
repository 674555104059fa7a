import type { ReactNode } from 'react';

/**
 * Words added to a visible label for assistive technology only ("Join waiting room" + "(opens in a new tab)").
 * The separating space sits outside the hidden span: the span is absolutely positioned, so Chromium treats it
 * as a block of its own and drops a space at its start, and the name would read "room(opens in a new tab)".
 */
export function HiddenSuffix({ children }: { children: ReactNode }) {
  return (
    <>
      {' '}
      <span className="ui-visually-hidden">{children}</span>
    </>
  );
}

/** The note a link opening a new tab carries after its label. */
export function NewTabNote() {
  return <HiddenSuffix>(opens in a new tab)</HiddenSuffix>;
}
