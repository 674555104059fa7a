import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation, useSearchParams } from 'react-router';
import { PageSpinner } from '../../components/ui/spinner';
import { brandName, useBrand } from '../../lib/brand';
import type { Testimonial } from '../../lib/organization';
import { writeStorage } from '../../lib/storage';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { BrandLogo } from './brand-logo';
import { EntryHeroImage } from './entry-hero-image';
import './auth-shell.css';

const ROTATE_EVERY_MS = 8000;

/** The login form's routes: they read no server data through the query library, so /login ships without it. */
const LOGIN_FORM = /^\/(?:login|product\/login\/[^/]+|campaign\/login\/[^/]+)\/?$/;

const QueryProvider = lazy(() => import('../providers'));

/** The other entry pages (signup, password reset) load the query library and its provider with them. */
function AuthOutlet() {
  const { pathname } = useLocation();
  if (LOGIN_FORM.test(pathname)) return <Outlet />;
  return (
    <Suspense fallback={<PageSpinner label="Loading" />}>
      <QueryProvider>
        <Outlet />
      </QueryProvider>
    </Suspense>
  );
}

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/** Rotates through the organization's testimonials; pauses while hovered or focused, and for reduced motion. */
function Testimonials({ items }: { items: Testimonial[] }) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (items.length < 2 || paused || prefersReducedMotion()) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % items.length), ROTATE_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [items.length, paused]);

  const current = items[index % items.length];
  if (!current) return null;
  return (
    <section
      className="auth-shell__testimonials"
      aria-label="What patients say"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <figure className="auth-shell__testimonial" key={index}>
        <blockquote className="auth-shell__quote">
          <p>“{current.quote}”</p>
        </blockquote>
        <figcaption className="auth-shell__author">
          <span className="auth-shell__author-name">{current.author}</span>
          {current.title ? <span className="auth-shell__author-title">{current.title}</span> : null}
        </figcaption>
      </figure>
      {items.length > 1 ? (
        <div className="auth-shell__dots">
          {items.map((_item, i) => (
            <button
              // biome-ignore lint/suspicious/noArrayIndexKey: one dot per position in a fixed list
              key={i}
              type="button"
              className="auth-shell__dot"
              aria-label={`Show testimonial ${i + 1} of ${items.length}`}
              aria-pressed={i === index}
              onClick={() => setIndex(i)}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}

/**
 * The auth container (000 §2): a hero image with a testimonial on the left, the form on the right. On phones
 * the hero shrinks to a band above the form.
 */
export default function AuthShell() {
  const { organization } = useBrand();
  const [search] = useSearchParams();
  const login = organization?.settings?.login;
  const name = brandName(organization);

  // 000 §2: defaultDurationSelection preselects the plan length later in the funnel
  const defaultDuration = search.get('defaultDurationSelection');
  useEffect(() => {
    if (defaultDuration) writeStorage(STORAGE_KEYS.defaultDurationSelection, defaultDuration);
  }, [defaultDuration]);

  return (
    <div className="auth-shell">
      <a className="ui-skip-link" href="#main">
        Skip to content
      </a>
      <div className="auth-shell__hero">
        <EntryHeroImage className="auth-shell__image" />
        <div className="auth-shell__shade" />
        {login?.testimonials?.length ? <Testimonials items={login.testimonials} /> : null}
      </div>
      <main className="auth-shell__main" id="main" tabIndex={-1}>
        <div className="auth-shell__panel">
          <BrandLogo className="auth-shell__logo" />
          <AuthOutlet />
        </div>
        <footer className="auth-shell__footer">
          © {new Date().getFullYear()} {name}
        </footer>
      </main>
    </div>
  );
}
