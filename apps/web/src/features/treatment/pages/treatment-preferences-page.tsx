import { PLAN_LOADING_DELAYS_MS } from '@portal/domain/constants';
import { afterPreferencesTarget } from '@portal/domain/consultation/after-last-question';
import { consultationPath, dashboardPath } from '@portal/domain/consultation/consultation-path';
import { MESSAGES } from '@portal/domain/messages';
import { formatUsd } from '@portal/domain/pricing/money';
import { defaultPlanProduct } from '@portal/domain/pricing/plan-default';
import { pricePerMonthCents } from '@portal/domain/pricing/plan-pricing';
import { monthsText } from '@portal/domain/pricing/plan-texts';
import { isProfileComplete } from '@portal/domain/validation/profile';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { addIntakeProducts } from '../../../api/intakes';
import { getSubscriptions } from '../../../api/subscriptions';
import { funnelKeys } from '../../../api/view-keys';
import { InvalidIntakeRedirect } from '../../../components/step-page/intake-guard';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { track } from '../../../lib/analytics';
import { itemOf } from '../../../lib/analytics-item';
import { isApiError } from '../../../lib/api-error';
import { isInvalidIntakeError } from '../../../lib/consultation-routing';
import { isCompounded } from '../../../lib/dosage-units';
import { readSelectedProducts, writeSelectedProducts } from '../../../lib/funnel-selection';
import { useSessionUser } from '../../../lib/session';
import { readStorage, writeJson, writeStorage } from '../../../lib/storage';
import { STORAGE_KEYS } from '../../../lib/storage-keys';
import { useDelayedPlaceholder } from '../../../lib/use-delayed-placeholder';
import { DoseOptions, unitsPerMonthText } from '../components/dose-options';
import { MembershipInclusions } from '../components/membership-inclusions';
import { OptionGroup } from '../components/option-group';
import { PreferencesSkeleton } from '../components/preferences-skeleton';
import { ProductShowcase } from '../components/product-showcase';
import { SubscriptionExistsPanel } from '../components/subscription-exists-panel';
import { TotalPanel } from '../components/total-panel';
import {
  type Configuration,
  configurationBody,
  configuredQuantity,
  filledInstructions,
  frequencyOf,
  initialConfiguration,
  planOptionOf,
  planProduct,
  productsForStrength,
  selectedProduct,
} from '../lib/configuration';
import { liveSubscriptionFor } from '../lib/live-subscription';
import { loadPreferences, type PreferencesData } from '../lib/load-preferences';
import { useRegionApproval } from '../lib/use-region-approval';
import '../components/treatment.css';

const planLabel = (months: number) => (months === 0 ? 'One-time purchase' : monthsText(months));

/** Treatment preferences (000 §2 Screen 8, §4 "Protocol selection and preferences"). */
export default function TreatmentPreferencesPage() {
  const { intakeId = '', productTemplateId = '' } = useParams();
  const [search] = useSearchParams();
  const user = useSessionUser();
  const userId = user?._id ?? '';
  const intakeTemplateId = search.get('intakeTemplateId');
  const initialIntakeTemplateId = search.get('initialIntakeTemplateId');

  const query = useQuery({
    queryKey: funnelKeys.treatmentPreferences(
      userId,
      intakeId,
      productTemplateId,
      intakeTemplateId,
      initialIntakeTemplateId,
    ),
    queryFn: ({ signal }) =>
      loadPreferences(userId, intakeId, productTemplateId, intakeTemplateId, initialIntakeTemplateId, signal),
    enabled: Boolean(userId && productTemplateId),
  });

  // 000 §9 plan loading (500 ms, 1500 ms): the skeleton appears only for a load that lasts 500 ms, and then
  // stays until 1.5 s from the start, so it never blinks in and straight out.
  const [quiet, settled] = PLAN_LOADING_DELAYS_MS;
  const skeleton = useDelayedPlaceholder(query.isPending, { delayMs: quiet, minShownMs: settled - quiet });
  const invalid = isInvalidIntakeError(query.error);
  return (
    <section className="consult-step consult-step--wide tx-page" aria-labelledby="tx-title">
      <header className="consult-step__header">
        <p className="consult-step__eyebrow">Protocol Preference</p>
        <h1 className="consult-step__title" id="tx-title">
          Treatment Preferences
        </h1>
      </header>
      {invalid ? <InvalidIntakeRedirect userId={userId} error={query.error} /> : null}
      {query.isPending || skeleton ? <PreferencesSkeleton waiting={!skeleton} /> : null}
      {query.isError && !invalid ? (
        <>
          <Alert tone="error">{MESSAGES.generic}</Alert>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </>
      ) : null}
      {query.data && !skeleton ? <PreferencesForm key={productTemplateId} data={query.data} /> : null}
    </section>
  );
}

function PreferencesForm({ data }: { data: PreferencesData }) {
  const { template, products, intake, intakeTemplate, sibling } = data;
  const { intakeId = '', product: view = 'selection' } = useParams();
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const user = useSessionUser();
  const userId = user?._id ?? '';

  const [config, setConfig] = useState<Configuration>(() =>
    initialConfiguration(
      template,
      products,
      search.get('product'),
      readStorage(STORAGE_KEYS.defaultDurationSelection),
    ),
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [panelOpen, setPanelOpen] = useState(false);
  const [acknowledged, setAcknowledged] = useState(false);
  const approved = useRegionApproval(user?.state, search.get('intakeTemplateId') ?? intake.intake_template);

  const strengthProducts = productsForStrength(products, config.strength);
  const product = planProduct(products, config.strength, config.months);
  const frequency = frequencyOf(template, config.frequency);
  const quantity = configuredQuantity(template, config);
  const plan = product ? planOptionOf(products, product, quantity) : null;
  const hasOneTime = products.some((p) => p.pricing.type === 'one_time');

  /** Applies a change and rewrites the product query to the priced product it selects (000 §4). */
  function change(patch: Partial<Configuration>) {
    const next = { ...config, ...patch };
    if (patch.strength !== undefined && !planProduct(products, next.strength, next.months)) {
      next.months = productsForStrength(products, next.strength)[0]?.pricing.interval_count ?? next.months;
    }
    setConfig(next);
    const selected = planProduct(products, next.strength, next.months);
    if (selected && selected._id !== search.get('product')) {
      const params = new URLSearchParams(search);
      params.set('product', selected._id);
      setSearch(params, { replace: true });
    }
  }

  function switchMedicationType(slug: string) {
    if (!sibling || slug === template.slug) return;
    const stored = readStorage(STORAGE_KEYS.defaultDurationSelection);
    void navigate(
      consultationPath(
        {
          section: 'product-configure',
          route: view === 'checkout' ? 'treatment-checkout' : 'treatment-selection',
          productTemplateId: sibling.template._id,
        },
        {
          userId,
          intakeId,
          query: {
            product: defaultPlanProduct(productsForStrength(sibling.products, null), stored)?._id,
            intakeTemplateId: sibling.template.intake_template ?? search.get('intakeTemplateId'),
            initialIntakeTemplateId: search.get('initialIntakeTemplateId') ?? intake.intake_template,
          },
        },
      ),
      { replace: true },
    );
  }

  async function onContinue(options: { acknowledged?: boolean; months?: number } = {}) {
    const chosen = options.months === undefined ? config : { ...config, months: options.months };
    const selected = planProduct(products, chosen.strength, chosen.months);
    setError(null);
    if (!selected) {
      setError(MESSAGES.productUndefined);
      return;
    }
    setBusy(true);
    try {
      if (!(options.acknowledged ?? acknowledged)) {
        // A failed look-up must not block the visit: the server keeps one live subscription per product.
        const subscriptions = await getSubscriptions(userId).catch(() => []);
        if (liveSubscriptionFor(subscriptions, template._id)) {
          setPanelOpen(true);
          return;
        }
      }
      const membership = template.membership?._id ?? null;
      const entry = selectedProduct({
        intakeId,
        template,
        products,
        product: selected,
        config: chosen,
        isAddon: false,
        membership,
      });
      const addOns = readSelectedProducts(intakeId).filter(
        (p) => p.is_addon && p.product_template !== template._id,
      );
      writeSelectedProducts(intakeId, [entry, ...addOns]);
      // 000 §7: an analytics event at the treatment-preference action, the item priced per month (000 §9)
      const item = itemOf(entry);
      track('Treatment Preference Selected', {
        stage: 4,
        product_id: template._id,
        product_type: template.type,
        preference: `months-${chosen.months}`,
        items: [item],
        value: item.price,
        currency: 'USD',
      });
      writeJson(STORAGE_KEYS.defaultItem, entry);
      writeStorage(STORAGE_KEYS.defaultDurationSelection, String(selected.pricing.interval_count));
      await addIntakeProducts(intakeId, [configurationBody(template, selected, chosen, membership)]);
      const target = afterPreferencesTarget(
        (intakeTemplate?.product_addons.length ?? 0) > 0,
        isProfileComplete(user),
      );
      const kept = Object.fromEntries(search.entries());
      void navigate(
        consultationPath(target, { userId, intakeId, query: { ...kept, product: selected._id } }),
      );
    } catch (err) {
      setError(isApiError(err) ? err.message : MESSAGES.generic);
    } finally {
      setBusy(false);
    }
  }

  const strengthOptions = template.dosage_strengths.map((s) => ({ value: s.strength, label: s.strength }));
  const planOptions = strengthProducts.map((p) => {
    const option = planOptionOf(products, p, quantity);
    return {
      value: String(p.pricing.interval_count),
      label: planLabel(p.pricing.interval_count),
      badge: option.highlight ? 'Best Value' : undefined,
      details: (
        <>
          <span className="tx-price">
            {p.pricing.interval_count > 0
              ? `${formatUsd(pricePerMonthCents(option.totalDiscount, option.duration))}/mo`
              : formatUsd(option.totalDiscount)}
          </span>
          {option.savings > 0 ? <span className="tx-savings">Save {formatUsd(option.savings)}</span> : null}
        </>
      ),
    };
  });

  return (
    <div className="tx-layout">
      <ProductShowcase template={template} />
      <div className="tx-config">
        <div className="tx-config__intro">
          <h2 className="tx-config__name">{template.product_name || template.name}</h2>
          {template.description ? <p className="tx-config__description">{template.description}</p> : null}
        </div>

        {sibling ? (
          <OptionGroup
            legend="Medication type"
            name="medication-type"
            layout="inline"
            value={template.slug}
            onChange={switchMedicationType}
            options={[template, sibling.template]
              .map((t) => ({ value: t.slug, label: isCompounded(t) ? 'Compounded' : 'Generic' }))
              .sort((a, b) => (a.label === b.label ? 0 : a.label === 'Generic' ? -1 : 1))}
          />
        ) : null}

        {strengthOptions.length > 0 ? (
          <OptionGroup
            legend="Dosage strength"
            name="strength"
            layout="inline"
            value={config.strength}
            onChange={(strength) => change({ strength })}
            options={strengthOptions}
          />
        ) : null}

        {template.dosage_frequencies.length > 0 ? (
          <OptionGroup
            legend="Dosing frequency"
            name="frequency"
            layout="inline"
            value={config.frequency}
            onChange={(label) => {
              const next = frequencyOf(template, label);
              change({ frequency: label, customQuantity: next?.custom_quantity?.default ?? null });
            }}
            options={template.dosage_frequencies.map((f) => ({
              value: f.frequency.label,
              label: f.frequency.label,
            }))}
          />
        ) : null}

        {frequency?.has_custom_quantity && config.strength ? (
          <DoseOptions
            template={template}
            frequency={frequency}
            strength={config.strength}
            config={config}
            onChange={change}
          />
        ) : null}

        {frequency && quantity !== null ? (
          <div className="tx-instructions">
            <p className="tx-instructions__quantity">{unitsPerMonthText(template, quantity)}</p>
            <p className="tx-instructions__text">
              {config.dose === 'request'
                ? 'Your physician will set your dose and instructions.'
                : filledInstructions(template, frequency, config.strength, quantity)}
            </p>
          </div>
        ) : null}

        {planOptions.length > 0 ? (
          <OptionGroup
            legend="Plan length"
            name="plan"
            value={String(config.months)}
            onChange={(months) => change({ months: Number(months) })}
            options={planOptions}
          />
        ) : null}

        {template.membership ? <MembershipInclusions membership={template.membership} /> : null}

        {plan ? (
          <TotalPanel plan={plan} approved={approved}>
            {error ? <Alert tone="error">{error}</Alert> : null}
            <Button block loading={busy} disabled={approved === false} onClick={() => void onContinue()}>
              Continue
            </Button>
          </TotalPanel>
        ) : (
          <Alert tone="error">{MESSAGES.productUndefined}</Alert>
        )}
      </div>

      <SubscriptionExistsPanel
        open={panelOpen}
        productName={template.product_name || template.name}
        productType={template.type}
        hasOneTimeOption={hasOneTime}
        onOneTimePurchase={() => {
          setPanelOpen(false);
          change({ months: 0 });
          void onContinue({ acknowledged: true, months: 0 });
        }}
        onManageSubscription={() => void navigate(dashboardPath(userId, 'subscriptions'))}
        onModifyTreatment={() => {
          // The patient edits the treatment and the next Continue goes ahead as a change request.
          setPanelOpen(false);
          setAcknowledged(true);
        }}
        onClose={() => setPanelOpen(false)}
      />
    </div>
  );
}
