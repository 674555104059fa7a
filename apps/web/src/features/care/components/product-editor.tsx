import {
  CATALOGUE_LIMITS,
  type CataloguePrice,
  CataloguePriceCreate,
  type CatalogueProduct,
  CatalogueTemplateCreate,
  CatalogueTemplatePatch,
  PRODUCT_TYPE_LABELS,
} from '@portal/domain/contracts/care-catalogue';
import type { ProductType } from '@portal/domain/contracts/product';
import { type FormEvent, useId, useRef, useState } from 'react';
import {
  useAddPrice,
  useCreateProduct,
  useRemovePrice,
  useUpdatePrice,
  useUpdateProduct,
} from '../../../api/care/catalogue';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Select } from '../../../components/ui/select';
import { TextArea } from '../../../components/ui/text-area';
import { TextInput } from '../../../components/ui/text-input';
import { type FieldErrors, issuesToErrors, serverErrors } from '../lib/form-errors';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
/** 2900 → "$29.00". */
export const formatCents = (cents: number) => usd.format(cents / 100);

/** "29", "29.5", "$1,299.00" → cents; anything else is kept as typed, so the contract names the problem. */
export function centsOf(text: string): number | string {
  const value = text.trim().replace(/^\$/, '').replaceAll(',', '');
  return /^\d+(\.\d{1,2})?$/.test(value) ? Math.round(Number(value) * 100) : text;
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

type Benefit = { title: string; description: string };
type Draft = {
  type: ProductType;
  name: string;
  product_name: string;
  description: string;
  images: string;
  tags: string;
  mainTag: string;
  benefits: Benefit[];
  show_in_shop: boolean;
  active: boolean;
  sort_order: string;
};

const draftOf = (p: CatalogueProduct | null): Draft => ({
  type: p?.type ?? 'supplement',
  name: p?.name ?? '',
  product_name: p?.product_name ?? '',
  description: p?.description ?? '',
  images: (p?.product_images ?? []).join('\n'),
  tags: (p?.shop.tags ?? []).map((t) => t.label).join(', '),
  mainTag: p?.shop.tags.find((t) => t.main)?.label ?? '',
  benefits: p?.shop.benefits ?? [],
  show_in_shop: p?.show_in_shop ?? false,
  active: p?.active ?? true,
  sort_order: String(p?.sort_order ?? 0),
});

function bodyOf(d: Draft) {
  const tags = d.tags
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  return {
    name: d.name,
    product_name: d.product_name,
    description: d.description,
    product_images: lines(d.images),
    shop: {
      tags: tags.map((label) => (label === d.mainTag ? { label, main: true } : { label })),
      benefits: d.benefits,
    },
    show_in_shop: d.show_in_shop,
    active: d.active,
    sort_order: /^\d+$/.test(d.sort_order.trim())
      ? Number(d.sort_order.trim())
      : (d.sort_order as unknown as number),
  };
}

/**
 * A product of the catalogue: its copy, images, shop tags and benefits, whether the shop lists it and whether
 * it is on sale, its position; then its prices. A new product is saved first, then priced.
 */
export function ProductEditor({
  product,
  onCreated,
}: {
  product: CatalogueProduct | null;
  onCreated: (id: string) => void;
}) {
  const create = useCreateProduct();
  const update = useUpdateProduct(product?.id ?? '');
  const save = product ? update : create;
  const [draft, setDraft] = useState<Draft>(() => draftOf(product));
  const [invalid, setInvalid] = useState<FieldErrors>({});
  const [outcome, setOutcome] = useState<string | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const server = serverErrors(save.error, 'The product could not be saved.');
  const errors: FieldErrors = { ...server.fields, ...invalid };
  const detailsId = useId();
  const tagList = draft.tags
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);

  const set = (patch: Partial<Draft>) => {
    setOutcome(null);
    if (Object.keys(invalid).length) setInvalid({});
    if (save.error) save.reset();
    setDraft((d) => ({ ...d, ...patch }));
  };
  const setBenefit = (i: number, b: Benefit) =>
    set({ benefits: draft.benefits.map((x, j) => (j === i ? b : x)) });

  function submit(event: FormEvent) {
    event.preventDefault();
    setOutcome(null);
    const body = bodyOf(draft);
    const parsed = product
      ? CatalogueTemplatePatch.safeParse(body)
      : CatalogueTemplateCreate.safeParse({ ...body, type: draft.type });
    if (!parsed.success) {
      save.reset();
      setInvalid(issuesToErrors(parsed.error.issues));
      requestAnimationFrame(() => summaryRef.current?.focus());
      return;
    }
    setInvalid({});
    const done = {
      onError: () => requestAnimationFrame(() => summaryRef.current?.focus()),
    };
    if (product)
      update.mutate(body, {
        ...done,
        onSuccess: (saved) => {
          setDraft(draftOf(saved));
          setOutcome(
            `${saved.name} saved. ${!saved.active ? 'It is off sale.' : saved.show_in_shop ? 'The shop lists it.' : 'The shop does not list it.'}`,
          );
        },
      });
    else create.mutate({ ...body, type: draft.type }, { ...done, onSuccess: (saved) => onCreated(saved.id) });
  }

  const problems = Object.keys(errors).length;
  return (
    <>
      <h1 className="care-page__title">{product ? product.name : 'New product'}</h1>
      <form className="care-product" noValidate onSubmit={submit} aria-labelledby={detailsId}>
        <h2 className="care-section__title" id={detailsId}>
          Details
        </h2>
        <div ref={summaryRef} tabIndex={-1} className="care-shop__summary">
          {server.form ? (
            <Alert tone="error">{server.form}</Alert>
          ) : problems > 0 ? (
            <Alert tone="error" title="The product was not saved.">
              <p>{Object.values(errors).slice(0, 3).join(' ')}</p>
            </Alert>
          ) : null}
        </div>
        {product ? (
          <p className="care-muted">
            {PRODUCT_TYPE_LABELS[product.type]} · {product.slug}
          </p>
        ) : (
          <Select
            label="Type"
            value={draft.type}
            options={Object.entries(PRODUCT_TYPE_LABELS).map(([value, label]) => ({ value, label }))}
            hint="Chosen once: the product's prices carry it."
            error={errors.type}
            onChange={(e) => set({ type: e.target.value as ProductType })}
          />
        )}
        <TextInput
          label="Name"
          hint="Short, as on the shop's cards."
          value={draft.name}
          maxLength={CATALOGUE_LIMITS.name}
          error={errors.name}
          onChange={(e) => set({ name: e.target.value })}
        />
        <TextInput
          label="Product name"
          hint="In full, as on the checkout and the patient's orders."
          value={draft.product_name}
          maxLength={CATALOGUE_LIMITS.name}
          error={errors.product_name}
          onChange={(e) => set({ product_name: e.target.value })}
        />
        <TextArea
          label="Description"
          value={draft.description}
          rows={4}
          maxLength={CATALOGUE_LIMITS.description}
          error={errors.description}
          onChange={(e) => set({ description: e.target.value })}
        />
        <TextArea
          label="Images"
          hint="One address a line: https://… or a path of this site such as /brands/…"
          value={draft.images}
          rows={2}
          error={
            errors.product_images ??
            Object.entries(errors).find(([k]) => k.startsWith('product_images.'))?.[1]
          }
          onChange={(e) => set({ images: e.target.value })}
        />
        <TextInput
          label="Shop tags"
          hint="Separated by commas; the shop's protocol and benefit filters find the product by them."
          value={draft.tags}
          error={Object.entries(errors).find(([k]) => k.startsWith('shop.tags'))?.[1]}
          onChange={(e) => set({ tags: e.target.value })}
        />
        {tagList.length > 0 ? (
          <Select
            label="Main tag"
            hint="Shown on the product's card."
            value={tagList.includes(draft.mainTag) ? draft.mainTag : ''}
            placeholder="None"
            options={tagList.map((t) => ({ value: t, label: t }))}
            onChange={(e) => set({ mainTag: e.target.value })}
          />
        ) : null}
        <fieldset className="care-benefits">
          <legend className="care-filter-group__legend">Benefits</legend>
          {draft.benefits.length === 0 ? <p className="care-muted">No benefits listed.</p> : null}
          <ol className="care-benefits__list">
            {draft.benefits.map((b, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the benefits have no id; their order is their identity
              <li key={i} className="care-benefits__item">
                <TextInput
                  label={`Benefit ${i + 1} title`}
                  value={b.title}
                  maxLength={CATALOGUE_LIMITS.benefitTitle}
                  error={errors[`shop.benefits.${i}.title`]}
                  onChange={(e) => setBenefit(i, { ...b, title: e.target.value })}
                />
                <TextInput
                  label={`Benefit ${i + 1} text`}
                  value={b.description}
                  maxLength={CATALOGUE_LIMITS.benefitText}
                  error={errors[`shop.benefits.${i}.description`]}
                  onChange={(e) => setBenefit(i, { ...b, description: e.target.value })}
                />
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  onClick={() => set({ benefits: draft.benefits.filter((_, j) => j !== i) })}
                >
                  Remove benefit {i + 1}
                </Button>
              </li>
            ))}
          </ol>
          <Button
            type="button"
            size="sm"
            variant="secondary"
            disabled={draft.benefits.length >= CATALOGUE_LIMITS.benefits}
            onClick={() => set({ benefits: [...draft.benefits, { title: '', description: '' }] })}
          >
            Add a benefit
          </Button>
        </fieldset>
        <Checkbox
          label="Listed in the shop"
          checked={draft.show_in_shop}
          error={errors.show_in_shop}
          onChange={(e) => set({ show_in_shop: e.target.checked })}
        />
        <Checkbox
          label="On sale (off sale, no one can start or buy it)"
          checked={draft.active}
          error={errors.active}
          onChange={(e) => set({ active: e.target.checked })}
        />
        <TextInput
          label="Position"
          hint="Lower numbers come first in the shop."
          inputMode="numeric"
          className="care-settings__minutes"
          value={draft.sort_order}
          error={errors.sort_order}
          onChange={(e) => set({ sort_order: e.target.value })}
        />
        <Button type="submit" loading={save.isPending}>
          {product ? 'Save the product' : 'Add the product'}
        </Button>
        <div className="care-settings__status" aria-live="polite">
          {outcome ? <Alert tone="success">{outcome}</Alert> : null}
        </div>
      </form>
      {product ? <PricesSection product={product} /> : null}
    </>
  );
}

type PriceDraft = {
  name: string;
  pricing_type: 'one_time' | 'recurring';
  amount: string;
  months: string;
  fee: string;
  trial: string;
  default: boolean;
};

const priceDraftOf = (p: CataloguePrice | null, product: CatalogueProduct): PriceDraft => ({
  name: p?.name ?? product.product_name,
  pricing_type: p?.pricing_type ?? 'recurring',
  amount: p ? (p.unit_amount / 100).toFixed(2) : '',
  months: String(p?.interval_count ?? 1),
  fee: p?.one_time_fee ? (p.one_time_fee / 100).toFixed(2) : '',
  trial: p?.trial_period_days ? String(p.trial_period_days) : '',
  default: p?.default ?? false,
});

/** The extras of a plan beside its period: an enrolment fee, a free trial, tiers. */
const extras = (p: CataloguePrice) =>
  [
    p.one_time_fee ? `${formatCents(p.one_time_fee)} one-time fee` : '',
    p.trial_period_days ? `${p.trial_period_days}-day free trial` : '',
    p.billing_scheme === 'tiered' ? 'tiered' : '',
  ].filter(Boolean);

const period = (p: CataloguePrice) =>
  p.pricing_type === 'one_time'
    ? 'One time'
    : p.interval_count === 1
      ? 'Every month'
      : `Every ${p.interval_count} months`;

/** The prices (plans) of a product: the checkout panel offers the ones on sale, by months. */
function PricesSection({ product }: { product: CatalogueProduct }) {
  const headingId = useId();
  const add = useAddPrice(product.id);
  const update = useUpdatePrice(product.id);
  const remove = useRemovePrice(product.id);
  const [editing, setEditing] = useState<CataloguePrice | null>(null);
  const [draft, setDraft] = useState<PriceDraft>(() => priceDraftOf(null, product));
  const [invalid, setInvalid] = useState<FieldErrors>({});
  const [outcome, setOutcome] = useState<string | null>(null);
  const save = editing ? update : add;
  const server = serverErrors(save.error ?? remove.error, 'The price could not be saved.');
  const errors: FieldErrors = { ...server.fields, ...invalid };
  const formHeading = useId();

  const set = (patch: Partial<PriceDraft>) => {
    setOutcome(null);
    setInvalid({});
    save.reset();
    setDraft((d) => ({ ...d, ...patch }));
  };
  const start = (p: CataloguePrice | null) => {
    add.reset();
    update.reset();
    remove.reset();
    setInvalid({});
    setOutcome(null);
    setEditing(p);
    setDraft(priceDraftOf(p, product));
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    setOutcome(null);
    const months =
      draft.pricing_type === 'one_time'
        ? 0
        : /^\d+$/.test(draft.months.trim())
          ? Number(draft.months)
          : draft.months;
    const body = {
      name: draft.name,
      pricing_type: draft.pricing_type,
      unit_amount: centsOf(draft.amount),
      interval_count: months,
      one_time_fee: draft.fee.trim() ? centsOf(draft.fee) : 0,
      trial_period_days:
        draft.pricing_type === 'one_time' || !draft.trial.trim()
          ? 0
          : /^\d+$/.test(draft.trial.trim())
            ? Number(draft.trial.trim())
            : draft.trial,
      default: draft.default,
    };
    const parsed = CataloguePriceCreate.safeParse(body);
    if (!parsed.success) {
      save.reset();
      const found: Record<string, string> = { ...issuesToErrors(parsed.error.issues) };
      if (found.unit_amount && typeof body.unit_amount === 'string')
        found.unit_amount = 'Give the price in dollars, such as 29.00.';
      if (found.one_time_fee && typeof body.one_time_fee === 'string')
        found.one_time_fee = 'Give the fee in dollars, such as 49.00.';
      setInvalid(found);
      return;
    }
    setInvalid({});
    const typed = body as typeof body & {
      unit_amount: number;
      interval_count: number;
      one_time_fee: number;
      trial_period_days: number;
    };
    if (editing) {
      update.mutate(
        { priceId: editing.id, body: typed },
        {
          onSuccess: (p) => {
            setOutcome(`${p.name} saved: ${formatCents(p.unit_amount)}, ${period(p).toLowerCase()}.`);
            start(null);
            setOutcome(`${p.name} saved: ${formatCents(p.unit_amount)}, ${period(p).toLowerCase()}.`);
          },
        },
      );
    } else {
      add.mutate(typed, {
        onSuccess: (p) => {
          start(null);
          setOutcome(`${p.name} added: ${formatCents(p.unit_amount)}, ${period(p).toLowerCase()}.`);
        },
      });
    }
  }

  return (
    <section className="care-section care-prices" aria-labelledby={headingId}>
      <h2 className="care-section__title" id={headingId}>
        Prices
      </h2>
      {product.prices.length === 0 ? (
        <p className="care-muted">
          No prices yet: the shop cannot sell this product until it has one on sale.
        </p>
      ) : (
        <div className="care-catalogue__scroll">
          <table className="care-table">
            <caption className="ui-visually-hidden">Prices of {product.name}</caption>
            <thead>
              <tr>
                <th scope="col">Plan</th>
                <th scope="col">Price</th>
                <th scope="col">Billed</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="ui-visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {product.prices.map((p) => (
                <tr key={p.id}>
                  <th scope="row">
                    {p.name}
                    {p.default ? <span className="care-catalogue__sub">Default</span> : null}
                  </th>
                  <td>{formatCents(p.unit_amount)}</td>
                  <td>
                    {period(p)}
                    {extras(p).length ? (
                      <span className="care-catalogue__sub">{extras(p).join(', ')}</span>
                    ) : null}
                  </td>
                  <td>{p.active ? 'On sale' : 'Off sale'}</td>
                  <td className="care-table__actions">
                    <div className="care-prices__actions">
                      <Button
                        size="sm"
                        variant="secondary"
                        onClick={() => start(p)}
                        aria-label={`Edit ${p.name}, ${period(p)}`}
                      >
                        Edit
                      </Button>
                      {p.active ? (
                        <Button
                          size="sm"
                          variant="danger"
                          loading={remove.isPending && remove.variables === p.id}
                          aria-label={`${p.in_use ? 'Deactivate' : 'Delete'} ${p.name}, ${period(p)}`}
                          onClick={() =>
                            remove.mutate(p.id, {
                              onSuccess: (r) =>
                                setOutcome(
                                  r.outcome === 'deleted'
                                    ? `${p.name} (${period(p).toLowerCase()}) deleted.`
                                    : `${p.name} (${period(p).toLowerCase()}) is off sale. Patients have bought it, so it is kept for their records.`,
                                ),
                            })
                          }
                        >
                          {p.in_use ? 'Deactivate' : 'Delete'}
                        </Button>
                      ) : (
                        <Button
                          size="sm"
                          variant="secondary"
                          aria-label={`Put ${p.name}, ${period(p)}, on sale`}
                          onClick={() =>
                            update.mutate(
                              { priceId: p.id, body: { active: true } },
                              {
                                onSuccess: () =>
                                  setOutcome(`${p.name} (${period(p).toLowerCase()}) is on sale.`),
                              },
                            )
                          }
                        >
                          Put on sale
                        </Button>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="care-settings__status" aria-live="polite">
        {outcome ? <Alert tone="success">{outcome}</Alert> : null}
      </div>
      <form className="care-price-form" noValidate onSubmit={submit} aria-labelledby={formHeading}>
        <h3 className="care-banner__title" id={formHeading}>
          {editing ? `Edit ${editing.name}` : 'Add a price'}
        </h3>
        {server.form ? <Alert tone="error">{server.form}</Alert> : null}
        {editing?.in_use ? (
          <p className="care-muted">
            Patients have bought this plan: its amount and billing stay as sold. Add a new price to change
            them.
          </p>
        ) : null}
        <TextInput
          label="Plan name"
          value={draft.name}
          maxLength={CATALOGUE_LIMITS.name}
          error={errors.name}
          onChange={(e) => set({ name: e.target.value })}
        />
        <Select
          label="Billing"
          value={draft.pricing_type}
          options={[
            { value: 'recurring', label: 'Recurring' },
            { value: 'one_time', label: 'One time' },
          ]}
          error={errors.pricing_type}
          disabled={editing?.in_use}
          onChange={(e) => set({ pricing_type: e.target.value as PriceDraft['pricing_type'] })}
        />
        <TextInput
          label="Price (USD)"
          hint={draft.pricing_type === 'recurring' ? 'Charged each billing period.' : 'Charged once.'}
          inputMode="decimal"
          className="care-settings__minutes"
          value={draft.amount}
          error={errors.unit_amount}
          readOnly={editing?.in_use}
          onChange={(e) => set({ amount: e.target.value })}
        />
        {draft.pricing_type === 'recurring' ? (
          <TextInput
            label="Months per billing period"
            inputMode="numeric"
            className="care-settings__minutes"
            value={draft.months}
            error={errors.interval_count}
            readOnly={editing?.in_use}
            onChange={(e) => set({ months: e.target.value })}
          />
        ) : null}
        <TextInput
          label="One-time fee (USD, optional)"
          hint="Charged once with the first payment, such as an enrolment fee."
          inputMode="decimal"
          className="care-settings__minutes"
          value={draft.fee}
          error={errors.one_time_fee}
          onChange={(e) => set({ fee: e.target.value })}
        />
        {draft.pricing_type === 'recurring' ? (
          <TextInput
            label="Free trial (days, optional)"
            hint="Days before the first charge of the plan."
            inputMode="numeric"
            className="care-settings__minutes"
            value={draft.trial}
            error={errors.trial_period_days}
            onChange={(e) => set({ trial: e.target.value })}
          />
        ) : null}
        <Checkbox
          label="Default plan (pre-selected at checkout)"
          checked={draft.default}
          onChange={(e) => set({ default: e.target.checked })}
        />
        <div className="care-prices__actions">
          <Button type="submit" loading={save.isPending}>
            {editing ? 'Save the price' : 'Add the price'}
          </Button>
          {editing ? (
            <Button type="button" variant="ghost" onClick={() => start(null)}>
              Cancel
            </Button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
