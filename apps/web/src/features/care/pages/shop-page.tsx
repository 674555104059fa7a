import { staffCan } from '@portal/domain/care/staff-roles';
import { PRODUCT_TYPE_LABELS, SHOP_LIMITS, ShopSettingsBody } from '@portal/domain/contracts/care-catalogue';
import type { ShopBanner, ShopFilterType, ShopSettings } from '@portal/domain/contracts/shop';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useMemo, useRef, useState } from 'react';
import { careCatalogueQueryOptions } from '../../../api/care/catalogue';
import { careShopSettingsQueryOptions, useSaveShopSettings } from '../../../api/care/shop-settings';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { TextInput } from '../../../components/ui/text-input';
import { useSessionUser } from '../../../lib/session';
import { AdminOnly } from '../components/admin-only';
import { type BannerDraft, BannerEditor } from '../components/banner-editor';
import { errorsUnder, type FieldErrors, issuesToErrors, serverErrors } from '../lib/form-errors';
import '../care.css';
import '../catalogue.css';

/** The shop's banners and filter groups (issue 15): what patients see at the top of /shop. */
export default function ShopPage() {
  const user = useSessionUser();
  if (!staffCan(user?.role ?? '', 'manage_settings'))
    return <AdminOnly title="Shop" what="change the clinic's shop" />;
  return <ShopScreen />;
}

function ShopScreen() {
  const settings = useQuery(careShopSettingsQueryOptions());
  return (
    <div className="care-page">
      <h1 className="care-page__title">Shop</h1>
      <p className="care-muted">
        The banners at the top of the patients’ shop, in the order they slide, and the filters beside its
        products.
      </p>
      {settings.isPending ? (
        <div className="care-loading">
          <Spinner label="Loading the shop settings" />
        </div>
      ) : settings.isError ? (
        <Alert tone="error" title="The shop settings could not be loaded.">
          <p>{settings.error.message}</p>
          <Button variant="secondary" size="sm" onClick={() => void settings.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <ShopForm saved={settings.data} />
      )}
    </div>
  );
}

let nextKey = 0;
const key = () => `b${++nextKey}`;

const toDraft = (b: ShopBanner): BannerDraft => ({
  key: key(),
  title: b.title,
  label_name: b.label_name,
  action: b.action,
  background_color: b.background_color,
  image: b.image ?? '',
  carousel_indicators: b.carousel_indicators,
});

const newBanner = (): BannerDraft => ({
  key: key(),
  title: { value: '', mode: 'light' },
  label_name: { value: '', mode: 'light' },
  action: { type: 'in-app-path', value: '', mode: 'light' },
  background_color: '#0b4a37',
  image: '',
  carousel_indicators: { mode: 'light' },
});

const FILTER_TYPES: readonly { type: ShopFilterType; label: string; hint: string }[] = [
  { type: 'type', label: 'Product types', hint: 'The types a patient can narrow the shop to.' },
  { type: 'protocols', label: 'Protocols', hint: 'Tags of the products, such as Longevity.' },
  { type: 'benefits', label: 'Benefits', hint: 'Tags of the products, such as Energy.' },
];

type FilterDraft = { enabled: boolean; values: string[] };

function ShopForm({ saved }: { saved: ShopSettings }) {
  const save = useSaveShopSettings();
  const catalogue = useQuery(careCatalogueQueryOptions());
  const [banners, setBanners] = useState<BannerDraft[]>(() => saved.banners.map(toDraft));
  const [filters, setFilters] = useState<Record<ShopFilterType, FilterDraft>>(() => {
    const byType = new Map(saved.filters.map((f) => [f.type, f.valid_values]));
    return Object.fromEntries(
      FILTER_TYPES.map(({ type }) => [type, { enabled: byType.has(type), values: byType.get(type) ?? [] }]),
    ) as Record<ShopFilterType, FilterDraft>;
  });
  const [order] = useState<ShopFilterType[]>(() => {
    const stored = saved.filters.map((f) => f.type);
    return [...stored, ...FILTER_TYPES.map((f) => f.type).filter((t) => !stored.includes(t))];
  });
  const [invalid, setInvalid] = useState<FieldErrors>({});
  const [outcome, setOutcome] = useState<string | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const server = serverErrors(save.error, 'The shop could not be saved.');
  const errors: FieldErrors = { ...server.fields, ...invalid };
  const bannersHeading = useId();
  const filtersHeading = useId();

  const products = useMemo(
    () =>
      (catalogue.data?.products ?? [])
        .filter((p) => p.active)
        .map((p) => ({ id: p.id, name: `${p.name} (${PRODUCT_TYPE_LABELS[p.type]})`, type: p.type })),
    [catalogue.data],
  );
  const tags = useMemo(
    () =>
      [...new Set((catalogue.data?.products ?? []).flatMap((p) => p.shop.tags.map((t) => t.label)))].sort(
        (a, b) => a.localeCompare(b),
      ),
    [catalogue.data],
  );

  const edited = () => {
    setOutcome(null);
    if (Object.keys(invalid).length) setInvalid({});
    if (save.error) save.reset();
  };
  const setBanner = (i: number, b: BannerDraft) => {
    edited();
    setBanners((list) => list.map((x, j) => (j === i ? b : x)));
  };
  const move = (i: number, by: -1 | 1) => {
    edited();
    setBanners((list) => {
      const next = [...list];
      const [item] = next.splice(i, 1);
      next.splice(i + by, 0, item!);
      return next;
    });
  };
  const setFilter = (type: ShopFilterType, f: FilterDraft) => {
    edited();
    setFilters((all) => ({ ...all, [type]: f }));
  };

  const body = () => ({
    banners: banners.map(({ key: _key, ...b }) => b),
    filters: order
      .filter((t) => filters[t].enabled)
      .map((t) => ({ type: t, valid_values: filters[t].values })),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setOutcome(null);
    const parsed = ShopSettingsBody.safeParse(body());
    if (!parsed.success) {
      save.reset();
      setInvalid(issuesToErrors(parsed.error.issues));
      requestAnimationFrame(() => summaryRef.current?.focus());
      return;
    }
    setInvalid({});
    save.mutate(body() as ShopSettingsBody, {
      onSuccess: (stored) => {
        setBanners(stored.banners.map(toDraft));
        setOutcome(
          `Shop saved. Patients now see ${stored.banners.length} banner${stored.banners.length === 1 ? '' : 's'}.`,
        );
      },
      onError: () => requestAnimationFrame(() => summaryRef.current?.focus()),
    });
  }

  const problems = Object.keys(errors).length;
  return (
    <form className="care-shop" noValidate onSubmit={submit} aria-label="Shop settings">
      <div ref={summaryRef} tabIndex={-1} className="care-shop__summary">
        {server.form ? (
          <Alert tone="error">{server.form}</Alert>
        ) : problems > 0 ? (
          <Alert tone="error" title="The shop was not saved.">
            <p>
              {problems === 1 ? 'One field needs' : `${problems} fields need`} your attention:{' '}
              {Object.values(errors).slice(0, 3).join(' ')}
            </p>
          </Alert>
        ) : null}
      </div>

      <section className="care-section" aria-labelledby={bannersHeading}>
        <h2 className="care-section__title" id={bannersHeading}>
          Banners
        </h2>
        {errors.banners ? <p className="care-form-error">{errors.banners}</p> : null}
        {banners.length === 0 ? <p className="care-muted">The shop shows no banners.</p> : null}
        <ol className="care-banners">
          {banners.map((b, i) => (
            <BannerEditor
              key={b.key}
              banner={b}
              index={i}
              count={banners.length}
              errors={errors}
              products={products}
              onChange={(next) => setBanner(i, next)}
              onMove={(by) => move(i, by)}
              onRemove={() => {
                edited();
                setBanners((list) => list.filter((_, j) => j !== i));
              }}
            />
          ))}
        </ol>
        <Button
          type="button"
          variant="secondary"
          disabled={banners.length >= SHOP_LIMITS.banners}
          onClick={() => {
            edited();
            setBanners((list) => [...list, newBanner()]);
          }}
        >
          Add a banner
        </Button>
      </section>

      <section className="care-section" aria-labelledby={filtersHeading}>
        <h2 className="care-section__title" id={filtersHeading}>
          Filters and tags
        </h2>
        <p className="care-muted">
          The filter groups beside the shop’s products. A product shows under a protocol or benefit when it
          carries that tag (set on the product in the Catalogue).
        </p>
        <div className="care-filter-groups">
          {order.map((type) => {
            const meta = FILTER_TYPES.find((f) => f.type === type)!;
            const index = body().filters.findIndex((f) => f.type === type);
            return (
              <FilterGroup
                key={type}
                label={meta.label}
                hint={meta.hint}
                type={type}
                draft={filters[type]}
                suggestions={type === 'type' ? Object.keys(PRODUCT_TYPE_LABELS) : tags}
                errors={index >= 0 ? errorsUnder(errors, `filters.${index}`) : []}
                onChange={(f) => setFilter(type, f)}
              />
            );
          })}
        </div>
      </section>

      <div className="care-shop__save">
        <Button type="submit" loading={save.isPending}>
          Save the shop
        </Button>
        <div className="care-settings__status" aria-live="polite">
          {outcome ? <Alert tone="success">{outcome}</Alert> : null}
        </div>
      </div>
    </form>
  );
}

function FilterGroup(props: {
  label: string;
  hint: string;
  type: ShopFilterType;
  draft: FilterDraft;
  suggestions: readonly string[];
  errors: string[];
  onChange: (f: FilterDraft) => void;
}) {
  const { label, draft, onChange } = props;
  const [text, setText] = useState('');
  const listId = useId();
  const errorId = useId();
  const add = () => {
    const value = text.trim();
    if (!value) return;
    if (!draft.values.some((v) => v.toLowerCase() === value.toLowerCase()))
      onChange({ ...draft, values: [...draft.values, value] });
    setText('');
  };
  return (
    <fieldset className="care-filter-group" aria-describedby={props.errors.length ? errorId : undefined}>
      <legend className="care-filter-group__legend">{label}</legend>
      <label className="care-filter-group__toggle">
        <input
          type="checkbox"
          checked={draft.enabled}
          onChange={(e) => onChange({ ...draft, enabled: e.target.checked })}
        />{' '}
        Show the {label.toLowerCase()} filter
      </label>
      <p className="care-muted care-filter-group__hint">{props.hint}</p>
      {draft.values.length ? (
        <ul className="care-tags" aria-label={`${label} values`}>
          {draft.values.map((v) => (
            <li key={v} className="care-tag">
              <span>{props.type === 'type' ? (PRODUCT_TYPE_LABELS[v as never] ?? v) : v}</span>
              <button
                type="button"
                className="care-tag__remove"
                aria-label={`Remove ${v} from ${label}`}
                onClick={() => onChange({ ...draft, values: draft.values.filter((x) => x !== v) })}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="care-muted">No values yet.</p>
      )}
      <div className="care-filter-group__add">
        <TextInput
          label={`Add to ${label.toLowerCase()}`}
          value={text}
          list={listId}
          maxLength={SHOP_LIMITS.value}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
        />
        <datalist id={listId}>
          {props.suggestions
            .filter((s) => !draft.values.includes(s))
            .map((s) => (
              <option key={s} value={s} />
            ))}
        </datalist>
        <Button type="button" variant="secondary" size="sm" onClick={add}>
          Add
        </Button>
      </div>
      {props.errors.length ? (
        <p id={errorId} className="care-form-error">
          {props.errors.join(' ')}
        </p>
      ) : null}
    </fieldset>
  );
}
