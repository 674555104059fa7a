import type { ReactNode } from 'react';
import './auth-form.css';

export function AuthHeading({ title, subtitle }: { title: ReactNode; subtitle?: ReactNode }) {
  return (
    <header className="auth-heading">
      <h1 className="auth-heading__title">{title}</h1>
      {subtitle ? <p className="auth-heading__subtitle">{subtitle}</p> : null}
    </header>
  );
}
