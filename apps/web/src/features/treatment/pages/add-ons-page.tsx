import { afterAddOnsTarget } from '@portal/domain/consultation/after-last-question';
import { consultationPath } from '@portal/domain/consultation/consultation-path';
import { MESSAGES } from '@portal/domain/messages';
import { isProfileComplete } from '@portal/domain/validation/profile';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { addIntakeProducts, removeIntakeProducts } from '../../../api/intakes';
import { funnelKeys } from '../../../api/view-keys';
import { InvalidIntakeRedirect } from '../../../components/step-page/intake-guard';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SidePanel } from '../../../components/ui/side-panel';
import { Spinner } from '../../../components/ui/spinner';
import { track } from '../../../lib/analytics';
import { isApiError } from '../../../lib/api-error';
import { isInvalidIntakeError } from '../../../lib/consultation-routing';
import { readSelectedProducts, writeSelectedProducts } from '../../../lib/funnel-selection';
import { useSessionUser } from '../../../lib/session';
import { AddOnCard, addOnPriceText } from '../components/add-on-card';
import { type Configuration, configurationBody, planProduct, selectedProduct } from '../lib/configuration';
import {
  type AddOnOffer,
  type AddOnsData,
  chosenAddOns,
  defaultAddOnConfiguration,
  loadAddOns,
} from '../lib/load-add-ons';
import '../components/treatment.css';

/** Add-on treatments (000 §2 Screen 6, §4). */
export default function AddOnsPage() {
  const { intakeId = '' } = useParams();
  const [search] = useSearchParams();
  const user = useSessionUser();
  const userId = user?._id ?? '';
  const intakeTemplateId = search.get('intakeTemplateId');
  const query = useQuery({
    queryKey: funnelKeys.addOns(userId, intakeId, intakeTemplateId),
    queryFn: ({ signal }) => loadAddOns(userId, intakeId, intakeTemplateId, signal),
    enabled: Boolean(userId),
  });
  const invalid = isInvalidIntakeError(query.error);
  return (
    <section className="consult-step consult-step--wide" aria-labelledby="addons-title">
      <header className="consult-step__header">
        <p className="consult-step__eyebrow">Protocol Preference</p>
        <h1 className="consult-step__title" id="addons-title">
          Would you like to add any additional treatments?
        </h1>
      </header>
      {invalid ? <InvalidIntakeRedirect userId={userId} error={query.error} /> : null}
      {query.isPending ? (
        <div className="consult-step__center">
          <Spinner size="lg" label="Loading treatments" />
        </div>
      ) : null}
      {query.isError && !invalid ? (
        <>
          <Alert tone="error">{MESSAGES.generic}</Alert>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </>
      ) : null}
      {query.data ? <AddOnsForm data={query.data} /> : null}
    </section>
  );
}

function AddOnsForm({ data }: { data: AddOnsData }) {
  const { intakeId = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const user = useSessionUser();
  const userId = user?._id ?? '';
  const [chosen, setChosen] = useState(() => chosenAddOns(data, readSelectedProducts(intakeId)));
  const [learnMore, setLearnMore] = useState<AddOnOffer | null>(null);
  const [busy, setBusy] = useState<'skip' | 'continue' | null>(null);
  const [error, setError] = useState<string | null>(null);

  function setConfig(templateId: string, config: Configuration | null) {
    setChosen((current) => {
      const next = new Map(current);
      if (config) next.set(templateId, config);
      else next.delete(templateId);
      return next;
    });
  }

  /** Syncs the intake (add the selected add-ons, remove the others) and the local selection, then moves on. */
  async function proceed(mode: 'skip' | 'continue') {
    const keep = mode === 'continue' ? chosen : new Map<string, Configuration>();
    setError(null);
    setBusy(mode);
    try {
      const selected = data.offers.flatMap((offer) => {
        const config = keep.get(offer.template._id);
        const product = config && planProduct(offer.products, config.strength, config.months);
        return config && product ? [{ offer, config, product }] : [];
      });
      const removed = data.offers
        .map((o) => o.template._id)
        .filter((id) => !selected.some((s) => s.offer.template._id === id));
      if (removed.length > 0) await removeIntakeProducts(intakeId, removed);
      if (selected.length > 0)
        await addIntakeProducts(
          intakeId,
          selected.map((s) => configurationBody(s.offer.template, s.product, s.config)),
        );
      const addOnIds = new Set(data.offers.map((o) => o.template._id));
      const main = readSelectedProducts(intakeId).filter((p) => !addOnIds.has(p.product_template));
      writeSelectedProducts(intakeId, [
        ...main,
        ...selected.map((s) =>
          selectedProduct({
            intakeId,
            template: s.offer.template,
            products: s.offer.products,
            product: s.product,
            config: s.config,
            isAddon: true,
          }),
        ),
      ]);
      const query = Object.fromEntries(search.entries());
      void navigate(
        consultationPath(afterAddOnsTarget(isProfileComplete(user)), { userId, intakeId, query }),
      );
    } catch (err) {
      setError(isApiError(err) ? err.message : MESSAGES.generic);
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      {data.offers.length === 0 ? (
        <p className="consult-step__lead">There are no additional treatments for this visit.</p>
      ) : (
        <ul className="addon-grid">
          {data.offers.map((offer) => {
            const id = offer.template._id;
            return (
              <li key={id}>
                <AddOnCard
                  offer={offer}
                  config={chosen.get(id) ?? null}
                  defaultConfig={defaultAddOnConfiguration(offer)}
                  onToggle={() => {
                    const adding = !chosen.has(id);
                    setConfig(id, adding ? defaultAddOnConfiguration(offer) : null);
                    // 000 §7: an analytics event at each add-on action
                    track(adding ? 'Add-on Added' : 'Add-on Removed', {
                      stage: 4,
                      product_id: id,
                      product_type: offer.template.type,
                    });
                  }}
                  onLearnMore={() => setLearnMore(offer)}
                  onChangePlan={(config) => setConfig(id, config)}
                />
              </li>
            );
          })}
        </ul>
      )}
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="addon-footer">
        <Button
          variant="secondary"
          loading={busy === 'skip'}
          disabled={busy !== null}
          onClick={() => void proceed('skip')}
        >
          Skip
        </Button>
        <Button
          loading={busy === 'continue'}
          disabled={busy !== null}
          onClick={() => void proceed('continue')}
        >
          Continue
        </Button>
      </div>
      <SidePanel
        open={learnMore !== null}
        onClose={() => setLearnMore(null)}
        title={learnMore ? learnMore.template.product_name || learnMore.template.name : ''}
      >
        {learnMore ? <AddOnInfo offer={learnMore} /> : null}
      </SidePanel>
    </>
  );
}

/** The product info of the Learn more side panel. */
function AddOnInfo({ offer }: { offer: AddOnOffer }) {
  const { template } = offer;
  const image = template.product_images[0];
  const price = addOnPriceText(offer, defaultAddOnConfiguration(offer));
  const points = [...template.product_features, ...template.shop.benefits];
  return (
    <div className="tx-config">
      {image ? <img className="tx-showcase__image" src={image} alt="" /> : null}
      {price ? <p className="tx-price">{price}</p> : null}
      <p>{template.description}</p>
      {points.length > 0 ? (
        <ul className="tx-benefits">
          {points.map((p) => (
            <li key={p.title} className="tx-benefit">
              <strong>{p.title}</strong>
              <span>{p.description}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {template.dosage_frequencies[0] ? <p>{template.dosage_frequencies[0].instructions}</p> : null}
    </div>
  );
}
